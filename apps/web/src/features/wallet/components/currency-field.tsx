import { Controller, type Control, type FieldValues, type Path } from '@/lib/form';
import { FieldItem } from '@/components/field-list';
import { ChoiceChips } from '@/components/choice-chips';

/** The currency of a money form, among the ones the member keeps (a row of choices). */
export function CurrencyField<T extends FieldValues>({ control, name, label, currencies }: { control: Control<T>; name: Path<T>; label: string; currencies: readonly string[] }) {
  return (
    <FieldItem label={label}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <ChoiceChips
            label={label}
            columns={Math.min(4, Math.max(1, currencies.length))}
            options={currencies.map((c) => ({ label: c, value: c }))}
            value={typeof field.value === 'string' && field.value ? field.value : undefined}
            onChange={field.onChange}
          />
        )}
      />
    </FieldItem>
  );
}
