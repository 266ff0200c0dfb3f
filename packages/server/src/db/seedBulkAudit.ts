import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

/**
 * For `npm run bench:audit`: fills the Protokoll of a demo database with `count` generated entries over the last 179 days, oldest first (so ids
 * grow with time, as they do when a server writes them): 90 % the Gymnasium's (the teacher's, every fifth the
 * Schulleitung's), 10 % the KMZ's. Seven in ten are commands, each with its headsets and each headset's command
 * (done, every 17th failed): every fifth to the class set (all but its quiet last headset), the others to one; the rest shares,
 * headsets added, invitations and one in a thousand a role change. In a few statements, then analysed.
 */
const int = (value: number) => sql`${value}::int`;

export async function seedBulkAuditEntries(db: Database, count: number) {
  const facts = await db.execute<{
    gymnasium: number;
    kmz: number;
    lehrer: number;
    schulleitung: number;
    admin: number;
    class_set: number[];
    kmz_headset: number;
  }>(sql`select
      (select id from organisations where name = 'Gymnasium Demo') as gymnasium,
      (select id from organisations where name = 'Kreismedienzentrum Demo') as kmz,
      (select id from users where email = 'lehrer@schule.example') as lehrer,
      (select id from users where email = 'schulleitung@schule.example') as schulleitung,
      (select id from users where email = 'admin@kmz.example') as admin,
      (select array_agg(d.id order by d.id) from devices d join organisations o on o.id = d.organisation_id
        where o.name = 'Gymnasium Demo') as class_set,
      (select min(d.id) from devices d join organisations o on o.id = d.organisation_id
        where o.name = 'Kreismedienzentrum Demo') as kmz_headset`);
  const f = facts.rows[0];
  if (!f) throw new Error('demo data missing');
  const classSet = f.class_set.map(Number);
  // The last headset of the class set is left out of the rest's commands and gets one only rarely: a headset in few
  // entries, for the headset filter's worst case.
  const quiet = classSet.at(-1) ?? 0;
  const singles = classSet.slice(0, -1);

  // The demo morning's entries have their headsets already.
  const existing = await db.execute<{ max: number | null }>(sql`select max(id) as max from audit_entries`);
  const before = Number(existing.rows[0]?.max ?? 0);
  await db.transaction(async (tx) => {
    // Each statement writes a hundred thousand rows or more, longer than the server lets a request's statement run.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into audit_entries (occurred_at, kind, organisation_id, actor_id, actor_name, actor_email, subjects, details)
      select now() - ((${int(count)} - g) * interval '1 second' * (179 * 86400.0 / ${int(count)})),
        case when g % 10 < 7 then 'command' when g % 10 = 7 then 'contentShared'
          when g % 10 = 8 then 'headsetEnrolled' when g % 1000 = 9 then 'roleChanged' else 'memberInvited' end,
        case when g % 10 = 3 then ${int(f.kmz)} else ${int(f.gymnasium)} end,
        u.id, u.first_name || ' ' || u.last_name, u.email,
        case when g % 10 = 7 then jsonb_build_array(
            jsonb_build_object('type', 'content', 'id', 1, 'name', 'Exkursion Neanderthal'),
            jsonb_build_object('type', 'organisation', 'id', ${int(f.kmz)}, 'name', 'Kreismedienzentrum Demo'))
          when g % 10 = 9 and g % 1000 <> 9 then jsonb_build_array(
            jsonb_build_object('type', 'invitation', 'id', null, 'name', 'kollegin' || g || '@schule.example'))
          when g % 1000 = 9 then jsonb_build_array(
            jsonb_build_object('type', 'person', 'id', ${int(f.lehrer)}, 'name', 'Lars Lehrer', 'email', 'lehrer@schule.example'))
          else '[]'::jsonb end,
        case when g % 10 < 7 then jsonb_build_object('command',
            (array['CMD.START.VIDEO', 'CMD.TOGGLE.PAUSE', 'CMD.STOP.RUNNING', 'CMD.REBOOT', 'CMD.SYNC'])[1 + g % 5])
          when g % 10 = 8 then jsonb_build_object('serialNumber', 'BENCH' || g)
          when g % 1000 = 9 then jsonb_build_object('isAdministrator', g % 2 = 0)
          else '{}'::jsonb end
      from generate_series(1, ${int(count)}) g
      join users u on u.id = case when g % 10 = 3 then ${int(f.admin)}
        when g % 5 = 0 then ${int(f.schulleitung)} else ${int(f.lehrer)} end
      order by g`);
    // Which headsets each generated entry concerns: the class set for every fifth command, else one headset.
    await tx.execute(sql`
      create temporary table bench_parts on commit drop as
      select e.id as entry_id, e.occurred_at, e.kind, d.id as device_id, d.name
      from audit_entries e
      join devices d on case
        when e.organisation_id = ${int(f.kmz)} then d.id = ${int(f.kmz_headset)}
        when e.kind = 'command' and e.id % 5 = 0 then d.id = any(${sql.param(singles)}::int[])
        when e.id % 997 = 0 then d.id = ${int(quiet)}
        else d.id = (${sql.param(singles)}::int[])[1 + e.id % ${int(singles.length)}] end
      where e.id > ${int(before)} and e.kind in ('command', 'headsetEnrolled')`);
    await tx.execute(sql`
      create temporary table bench_commands on commit drop as
      with inserted as (
        insert into device_commands (device_id, command, extras, status, message, created_at, delivered_at,
          finished_at, expires_at)
        select p.device_id, e.details->>'command', '{"guidedModeState": true, "manufacturerModeState": false}',
          case when p.entry_id % 17 = 0 then 'failed' else 'done' end,
          case when p.entry_id % 17 = 0 then 'Inhalt ist nicht auf der VR-Brille' end,
          p.occurred_at, p.occurred_at, p.occurred_at, p.occurred_at + interval '5 minutes'
        from bench_parts p join audit_entries e on e.id = p.entry_id
        where p.kind = 'command'
        returning id, device_id, created_at)
      select * from inserted`);
    await tx.execute(sql`
      insert into audit_entry_devices (entry_id, device_id, device_name, command_id, occurred_at)
      select p.entry_id, p.device_id, p.name, c.id, p.occurred_at
      from bench_parts p
      left join bench_commands c on p.kind = 'command' and c.device_id = p.device_id and c.created_at = p.occurred_at`);
  });
  await db.execute(sql`analyze audit_entries`);
  await db.execute(sql`analyze audit_entry_devices`);
  await db.execute(sql`analyze device_commands`);
  const counted = await db.execute<{ entries: number; rows: number }>(sql`select
    (select count(*)::int from audit_entries) as entries, (select count(*)::int from audit_entry_devices) as rows`);
  return {
    entries: counted.rows[0]?.entries ?? 0,
    headsetRows: counted.rows[0]?.rows ?? 0,
    ids: {
      gymnasium: Number(f.gymnasium),
      schulleitung: Number(f.schulleitung),
      busyHeadset: classSet[0] ?? 0,
      quietHeadset: quiet,
    },
  };
}
