import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { contentVisibleToOrganisation } from '../services/access.ts';

/**
 * What must hold in the database whatever requests came before (issue 25, item 6), as SQL that lists the rows
 * breaking it: the fuzzer (src/fuzz.test.ts, `npm run bench:fuzz`) and the authorization matrix check them after
 * their requests. Each query answers nothing when its rule holds.
 */
export interface Invariant {
  name: string;
  /** Rows that break the rule (aliases as in services/access.ts: content `c`, playlists `g`, headsets `d`). */
  offending: SQL;
}

export const INVARIANTS: readonly Invariant[] = [
  {
    name: 'the items of a playlist have the positions 1 … n, each once',
    offending: sql`select configuration_id, array_agg(position_number order by position_number) as positions
      from configuration_items group by configuration_id
      having min(position_number) <> 1 or max(position_number) <> count(*)
        or count(distinct position_number) <> count(*)`,
  },
  {
    name: 'no upload part without its upload, and no part beyond its upload',
    offending: sql`select p.upload_id, p.part_number from multipart_upload_parts p
      left join multipart_uploads u on u.id = p.upload_id
      where u.id is null or p.part_number < 1 or p.part_number > u.max_parts`,
  },
  {
    name: 'no unfinished upload of an item or operating system that is gone',
    offending: sql`select u.id, u.target_kind, u.target_id from multipart_uploads u
      where (u.target_kind = 'content' and not exists (select 1 from contents c where c.id = u.target_id))
        or (u.target_kind = 'operatingSystem'
          and not exists (select 1 from operating_systems o where o.id = u.target_id))
        or u.target_kind not in ('content', 'operatingSystem')`,
  },
  {
    name: 'no playlist holds an item its organisation may not see',
    offending: sql`select g.id as configuration_id, c.id as content_id from configuration_items i
      join configurations g on g.id = i.configuration_id join contents c on c.id = i.content_id
      where not ${contentVisibleToOrganisation(sql`g.owner_id`)}`,
  },
  {
    name: 'no headset is in two organisations: not in a group of another one, not running its playlist',
    offending: sql`select d.id as device_id, 'group' as via, dg.id as other from device_group_members m
        join devices d on d.id = m.device_id join device_groups dg on dg.id = m.group_id
        where dg.organisation_id <> d.organisation_id
      union all
      select d.id, 'active playlist', g.id from devices d join configurations g on g.id = d.active_configuration_id
        where g.owner_id <> d.organisation_id
      union all
      select min(d.id), 'serial number', count(*)::int from devices d group by lower(d.serial_number)
        having count(*) > 1`,
  },
];

/** Each invariant that does not hold, with (up to five of) its offending rows. */
export async function brokenInvariants(db: Database): Promise<{ name: string; rows: unknown[] }[]> {
  const broken: { name: string; rows: unknown[] }[] = [];
  for (const invariant of INVARIANTS) {
    const { rows } = await db.execute(sql`select * from (${invariant.offending}) as offending limit 5`);
    if (rows.length > 0) broken.push({ name: invariant.name, rows });
  }
  return broken;
}
