import { sql, type Kysely } from 'kysely';

// Which members' legs each PV entry entered, and which leg, as it was when the entry was counted: a
// member's PV records list these, so an operator's later move of a subtree (which changes no PV
// already counted) changes neither the records' legs nor whose records they are. Entries counted
// before this are filled in from the placements of today, the best knowledge of their moment: the
// members above the buyer now who were placed by then, on the leg the buyer lies in now. A new entry
// that enters the legs is credited by the database itself, as it is inserted: a process of the
// previous release, still running while this one rolls out, writes entries that are credited too.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table pv_entries add column id bigint generated always as identity, add constraint pv_entries_pkey primary key (id);

    create table pv_entry_legs (
      member_id integer not null references users(id),
      entry_id bigint not null references pv_entries(id) on delete cascade,
      side text not null check (side in ('L', 'R')),
      constraint pv_entry_legs_pk primary key (member_id, entry_id)
    );

    insert into pv_entry_legs (member_id, entry_id, side)
      select pp.ancestor_id, e.id, pp.side
      from pv_entries e
      join placement_paths pp on pp.descendant_id = e.member_id
      join placements a on a.member_id = pp.ancestor_id
      where e.in_legs and e.created_at >= a.placed_at;

    create function pv_entry_credit_legs() returns trigger language plpgsql as $$
    begin
      insert into pv_entry_legs (member_id, entry_id, side)
        select ancestor_id, new.id, side from placement_paths where descendant_id = new.member_id;
      return null;
    end $$;
    create trigger pv_entry_credit_legs after insert on pv_entries
      for each row when (new.in_legs) execute function pv_entry_credit_legs();
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
