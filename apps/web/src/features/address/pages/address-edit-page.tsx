import '../address.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, type InputRef } from 'antd-mobile';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useNavigate, useSearchParams } from '@/lib/router';
import { addressBody, type AddressInput } from '@shop/contract/address';
import { paths } from '@/config/paths';
import { digitsOnly, TextField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { showToast } from '@/lib/toast';
import { useAddress } from '../api/get-address';
import { useChildRegions, useTopRegions } from '../api/list-regions';
import { useShippingCountries } from '../api/list-shipping-countries';
import { useCreateAddress, useUpdateAddress } from '../api/save-address';
import { OptionPicker } from '../components/option-picker';
import { keepDraft, takeChosenLocation, takeDraft } from '../location';
import { useTranslation } from '@/lib/i18n';
import { useFamilyNameFirst } from '@/lib/person-name';
import { FieldItem, FieldList } from '@/components/field-list';
import { Controller, useContractForm, useFieldProblem, type FieldLabels } from '@/lib/form';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';

/** The fields in screen order with their labels: the first empty or refused one is the toast (spec §5); the names in the order the member's language asks for them (displays write a name in its own culture's order: `fullName`). */
const labelsInOrder = (familyFirst: boolean): FieldLabels<AddressInput> => {
  const given = ['name', 'address.field.name'] as const;
  const family = ['surname', 'address.field.surname'] as const;
  return [
    ['country', 'address.field.country', 'choose'],
    ...(familyFirst ? [family, given] : [given, family]),
    ['mobile', 'address.field.mobile'],
    ['email', 'address.field.email'],
    ['address', 'address.field.detail'],
    ['house_number', 'address.field.houseNumber'],
    ['zip_code', 'address.field.zip'],
  ];
};
const LABELS = { givenFirst: labelsInOrder(false), familyFirst: labelsInOrder(true) };

interface Chosen {
  id: number;
  name: string;
  /** Unknown for a place loaded with a saved address: its list is offered all the same. */
  has_children: boolean;
}

/** A phone as typed, digits only but a leading "+" kept: the API then drops a calling code typed with it ("+36 20…"). */
const phoneTyped = (typed: string) => (typed.trimStart().startsWith('+') ? '+' : '') + digitsOnly(typed);

const EMPTY: AddressInput = { country: '', name: '', mobile: '', address: '' };

/** What the form holds while the member picks a point on the map, or when the page is loaded again. */
interface Draft {
  values: AddressInput;
  province?: Chosen;
  city?: Chosen;
  district?: Chosen;
}

/** The same values, fields left empty, switched off or never set counted alike. */
const sameValues = (a: AddressInput, b: AddressInput) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof AddressInput>);
  const empty = (v: unknown) => v === undefined || v === null || v === '' || v === false;
  return [...keys].every((k) => Object.is(a[k], b[k]) || (empty(a[k]) && empty(b[k])));
};

/** Add or edit an address (`?id=` edits): the country first, then its regions walked down the tree, then who and where. */
export default function AddressEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const saved = useAddress(id).data;
  const countries = useShippingCountries().data?.list ?? [];
  const familyFirst = useFamilyNameFirst();
  const form = useContractForm(addressBody, { defaultValues: EMPTY, labels: familyFirst ? LABELS.familyFirst : LABELS.givenFirst });
  const country = form.watch('country');
  const [province, setProvince] = useState<Chosen>();
  const [city, setCity] = useState<Chosen>();
  const [district, setDistrict] = useState<Chosen>();
  const provinces = useTopRegions(country || undefined).data?.list ?? [];
  const cities = useChildRegions(province?.has_children ? province.id : undefined).data?.list ?? [];
  const districts = useChildRegions(city?.has_children ? city.id : undefined).data?.list ?? [];
  const create = useCreateAddress();
  const update = useUpdateAddress();

  // Back from the map: the form as it was left, with the chosen point (and the street the geocoder
  // named) filled in. The saved address then does not overwrite what the member had typed.
  const { reset, setValue } = form;
  const formKey = String(id ?? 'new');
  const restored = useRef(false);
  // What this form (this address, or a new one) held when the page was last loaded, given back once (lib/open-drafts.ts).
  const leftOpen = useDraftLeftOpen<Draft & { formKey: string }>(`address:${formKey}`);
  useEffect(() => {
    const draft = takeDraft<Draft>(formKey) ?? (leftOpen?.formKey === formKey ? leftOpen : undefined);
    const place = takeChosenLocation();
    if (draft) {
      restored.current = true;
      reset(draft.values);
      setProvince(draft.province);
      setCity(draft.city);
      setDistrict(draft.district);
    }
    if (!place) return;
    setValue('latitude', place.latitude);
    setValue('longitude', place.longitude);
    if (place.street) setValue('address', place.street);
    if (place.houseNumber) setValue('house_number', place.houseNumber);
    if (place.zipCode) setValue('zip_code', place.zipCode);
  }, [formKey, leftOpen, reset, setValue]);

  // The values the form was opened with (empty, or the saved address): only a change from them is kept across a reload.
  const [untouched, setUntouched] = useState<AddressInput>(EMPTY);
  const values = form.control.values;
  useKeepOpenDraft(`address:${formKey}`, sameValues(values, untouched) ? undefined : { formKey, values, province, city, district });

  // Editing: the saved address fills the form once it has arrived (and again only if it changes).
  useEffect(() => {
    if (!saved) return;
    const filled: AddressInput = {
      country: saved.country,
      name: saved.name,
      surname: saved.surname || undefined,
      mobile_pre: saved.mobile_pre,
      mobile: saved.mobile,
      email: saved.email || undefined,
      province_id: saved.province_id,
      city_id: saved.city_id,
      district_id: saved.district_id,
      province: saved.province || undefined,
      city: saved.city || undefined,
      district: saved.district || undefined,
      address: saved.address,
      house_number: saved.house_number || undefined,
      zip_code: saved.zip_code || undefined,
      latitude: saved.latitude,
      longitude: saved.longitude,
      is_default: saved.is_default,
    };
    setUntouched(filled);
    // Back from the map or loaded again: what the member had made of it stays.
    if (restored.current) return;
    reset(filled);
    const place = (placeId: number | null, name: string) => (placeId === null ? undefined : { id: placeId, name, has_children: true });
    setProvince(place(saved.province_id, saved.province));
    setCity(place(saved.city_id, saved.city));
    setDistrict(place(saved.district_id, saved.district));
  }, [saved, reset]);

  const chosenCountry = countries.find((c) => c.code === country);
  const options = useMemo(() => ({
    countries: countries.map((c) => ({ value: c.code, label: `${c.flag} ${c.name}` })),
    provinces: provinces.map((r) => ({ value: String(r.id), label: r.name })),
    cities: cities.map((r) => ({ value: String(r.id), label: r.name })),
    districts: districts.map((r) => ({ value: String(r.id), label: r.name })),
  }), [countries, provinces, cities, districts]);

  /** Sets one level of the region tree and clears the levels below it. */
  const choose = (level: 1 | 2 | 3, region: Chosen | undefined) => {
    const fields = ['province', 'city', 'district'] as const;
    const setters = [setProvince, setCity, setDistrict];
    for (let i = level - 1; i < 3; i++) {
      const value = i === level - 1 ? region : undefined;
      setters[i]!(value);
      form.setValue(`${fields[i]!}_id`, value?.id ?? null);
      form.setValue(fields[i]!, value?.name);
    }
  };
  const pickFrom = (list: Array<{ id: number; name: string; has_children: boolean }>, level: 1 | 2 | 3) => (o: { value: string }) => {
    const region = list.find((r) => String(r.id) === o.value);
    if (region) choose(level, region);
  };

  const submit = form.submit(async (body) => {
    if (id !== undefined) await update.mutateAsync({ ...body, id });
    else await create.mutateAsync(body);
    showToast(t('address.saved'));
    // Back to the list the form was opened from, still picking for checkout when it was.
    const picking = params.get('pick') === '1';
    const listQuery = picking ? `?${new URLSearchParams({ pick: '1', return: params.get('return') ?? '' })}` : '';
    navigate(`${paths.address.list}${listQuery}`, { returning: true });
  });

  const countryFirst = () => showToast(t('address.chooseCountryFirst'));
  const latitude = form.watch('latitude');
  const longitude = form.watch('longitude');
  const openMap = () => {
    keepDraft<Draft>(formKey, { values: form.getValues(), province, city, district });
    navigate(latitude != null && longitude != null ? `${paths.system.chooseLocation}?lat=${latitude}&lng=${longitude}` : paths.system.chooseLocation);
  };
  // The phone's own input (its calling code beside it): a refusal shows under it as a text field's does.
  const mobileInput = useRef<InputRef>(null);
  const mobileProblem = useFieldProblem(form.control, 'mobile', () => mobileInput.current?.nativeElement);
  const givenName = <TextField control={form.control} name="name" label={t('address.field.name')} autoComplete="given-name" maxLength={50} />;
  return (
    <div className="page address-page">
      <PageHeader title={t(id === undefined ? 'address.addTitle' : 'app.page.editAddress')} />
      <FieldList layout="horizontal">
        <OptionPicker
          field={{ control: form.control, name: 'country' }}
          label={t('address.field.country')}
          text={chosenCountry ? `${chosenCountry.flag} ${chosenCountry.name}` : undefined}
          options={options.countries}
          onPick={(o) => {
            if (o.value === country) return;
            form.setValue('country', o.value);
            form.setValue('mobile_pre', countries.find((c) => c.code === o.value)?.dialling_code);
            choose(1, undefined);
          }}
        />
        <OptionPicker label={t('address.field.province')} text={province?.name} options={options.provinces} disabled={!country} onBlocked={countryFirst} onPick={pickFrom(provinces, 1)} />
        {(!province || province.has_children) && (
          <OptionPicker label={t('address.field.city')} text={city?.name} options={options.cities} disabled={!country} onBlocked={countryFirst} onPick={pickFrom(cities, 2)} />
        )}
        {city?.has_children && districts.length > 0 && <OptionPicker label={t('address.field.district')} text={district?.name} options={options.districts} onPick={pickFrom(districts, 3)} />}
        {!familyFirst && givenName}
        <TextField control={form.control} name="surname" label={t('address.field.surname')} autoComplete="family-name" maxLength={50} />
        {familyFirst && givenName}
        <FieldItem label={t('address.field.mobile')} error={mobileProblem.message} errorId={mobileProblem.errorId} announce={mobileProblem.problem?.turn}>
          <div className="address-mobile">
            {/* A number typed with its calling code ("+36 20…") shows its own: the country's is not put before it a second time. */}
            <span className="address-mobile-pre">{form.watch('mobile_pre') && !form.watch('mobile')?.startsWith('+') ? `+${form.watch('mobile_pre')}` : ''}</span>
            <Controller
              control={form.control}
              name="mobile"
              render={({ field }) => (
                <Input ref={mobileInput} name="mobile" aria-label={t('address.field.mobile')} inputMode="tel" autoComplete="tel-national" maxLength={20} value={field.value ?? ''} onChange={(v) => field.onChange(phoneTyped(v) || undefined)} />
              )}
            />
          </div>
        </FieldItem>
        <TextField control={form.control} name="email" label={t('address.field.email')} type="email" autoComplete="email" maxLength={254} />
        <FieldItem label={t('address.field.location')} clickable arrowIcon onClick={openMap}>
          <button type="button" className={latitude != null ? 'address-map-pick' : 'address-map-pick address-placeholder'} aria-label={`${t('address.field.location')}: ${latitude != null && longitude != null ? `${latitude}, ${longitude}` : t('address.map.chooseOnMap')}`}>
            {latitude != null && longitude != null ? `${latitude}, ${longitude}` : t('address.map.chooseOnMap')}
          </button>
        </FieldItem>
        <TextField control={form.control} name="address" label={t('address.field.detail')} autoComplete="street-address" maxLength={200} />
        <TextField control={form.control} name="house_number" label={t('address.field.houseNumber')} maxLength={40} />
        <TextField control={form.control} name="zip_code" label={t('address.field.zip')} autoComplete="postal-code" maxLength={12} />
        <FieldItem label={t('address.field.isDefault')} childElementPosition="right">
          <Controller
            control={form.control}
            name="is_default"
            render={({ field }) => <ToggleSwitch aria-label={t('address.field.isDefault')} checked={Boolean(field.value)} onChange={(on) => field.onChange(on)} />}
          />
        </FieldItem>
      </FieldList>
      <div className="address-form-actions">
        <Button block color="primary" size="large" loading={form.busy} onClick={() => void submit()}>
          {t('address.save')}
        </Button>
      </div>
    </div>
  );
}
