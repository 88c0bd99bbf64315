import { sql, type Kysely } from 'kysely';

// The regions dataset files Hong Kong's Tai Po District (KH-NTP) under Cambodia and lacks Cambodia's
// 25th province, Tboung Khmum (KH-25, split from Kampong Cham in 2013). The misfiled row has no
// cities under it: it becomes Tboung Khmum in place, so an address that named it keeps its row.
const TBOUNG_KHMUM = { code: 'KH-25', name: 'Tboung Khmum', km: 'ខេត្តត្បូងឃ្មុំ', latitude: 11.9167, longitude: 105.65 };

export async function up(db: Kysely<any>): Promise<void> {
  const t = TBOUNG_KHMUM;
  await sql`
    update geo_regions
       set code = ${t.code}, name = ${t.name}, names = coalesce(names, '{}'::jsonb) || jsonb_build_object('km', ${t.km}::text),
           latitude = ${t.latitude}, longitude = ${t.longitude}
     where country_code = 'KH' and parent_id is null and code = 'KH-NTP'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    update geo_regions set code = 'KH-NTP', name = 'Tai Po District', names = nullif(coalesce(names, '{}'::jsonb) - 'km', '{}'::jsonb), latitude = 22.45085, longitude = 114.16422
     where country_code = 'KH' and parent_id is null and code = ${TBOUNG_KHMUM.code}`.execute(db);
}
