import { PGlite } from '@electric-sql/pglite';

let t = performance.now();
const db = await PGlite.create('memory://');
console.log('create', performance.now() - t);
t = performance.now();
await db.exec('create table x(a int); insert into x values (1)');
const dump = await db.dumpDataDir('none');
console.log('dump', performance.now() - t, dump.size);
t = performance.now();
await db.close();
const db2 = await PGlite.create('memory://', { loadDataDir: dump });
console.log('create from dump', performance.now() - t);
t = performance.now();
console.log((await db2.query('select * from x')).rows);
