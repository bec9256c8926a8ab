/**
 * The contract every DocumentStore adapter passes: MongoDB's semantics for the subset in port.ts.
 * `documentStoreContract(label, open)` registers a vitest suite; `open` gives a fresh store and a
 * function that disposes of it (e.g. drops the test database). Each test works in collections of
 * its own, so one store serves the whole suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type Collection, type Doc, type DocumentStore } from './port.ts';

export interface OpenedStore {
  store: DocumentStore;
  dispose(): Promise<void>;
}

export function documentStoreContract(label: string, open: () => Promise<OpenedStore>): void {
  describe(`DocumentStore contract: ${label}`, () => {
    let opened: OpenedStore | undefined;
    let counter = 0;
    const store = (): DocumentStore => {
      if (!opened) throw new Error('store not opened');
      return opened.store;
    };
    const fresh = <T extends Doc = Doc>(): Collection<T> => store().collection<T>(`contract_${++counter}`);
    const seed = async (docs: Doc[]): Promise<Collection> => {
      const c = fresh();
      for (const doc of docs) await c.insertOne(doc);
      return c;
    };
    const ids = (docs: Doc[]): string[] => docs.map((d) => d._id);

    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.dispose();
    });

    describe('insert and read', () => {
      it('finds an inserted document by _id, and null for an unknown one', async () => {
        const c = fresh();
        await c.insertOne({ _id: 'a', name: 'Alpha', amount: '12.50', nested: { list: [1, 2] } });
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', name: 'Alpha', amount: '12.50', nested: { list: [1, 2] } });
        expect(await c.findOne({ _id: 'zzz' })).toBeNull();
        expect(await c.find({ _id: 'zzz' })).toEqual([]);
      });

      it('refuses a second document with the same _id', async () => {
        const c = fresh();
        await c.insertOne({ _id: 'a', v: 1 });
        await expect(c.insertOne({ _id: 'a', v: 2 })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 1 });
      });

      it('reads nothing from a collection never written', async () => {
        const c = fresh();
        expect(await c.find()).toEqual([]);
        expect(await c.findOne({})).toBeNull();
        expect(await c.countDocuments()).toBe(0);
      });

      it('stores undefined fields as null', async () => {
        const c = fresh();
        await c.insertOne({ _id: 'a', gone: undefined, list: [1, undefined] });
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', gone: null, list: [1, null] });
      });

      it('counts all documents or those matching a filter', async () => {
        const c = await seed([
          { _id: 'a', kind: 'x' },
          { _id: 'b', kind: 'y' },
          { _id: 'c', kind: 'x' },
        ]);
        expect(await c.countDocuments()).toBe(3);
        expect(await c.countDocuments({})).toBe(3);
        expect(await c.countDocuments({ kind: 'x' })).toBe(2);
        expect(await c.countDocuments({ kind: 'none' })).toBe(0);
      });
    });

    describe('filters', () => {
      const docs: Doc[] = [
        { _id: 'a', n: 1, s: 'apple', at: '2025-01-03', tags: ['x', 'y'], meta: { rank: 2, flag: true }, items: [{ k: 'p', q: 1 }] },
        { _id: 'b', n: 5, s: 'banana', at: '2025-02-01', tags: ['y'], meta: { rank: 1 }, items: [{ k: 'q', q: 3 }] },
        { _id: 'c', n: 10, s: 'Cherry', at: '2024-12-31', tags: [], meta: { rank: null }, items: [] },
        { _id: 'd', s: '5', nothing: null },
      ];
      let c: Collection;
      beforeAll(async () => {
        c = await seed(docs);
      });
      const find = async (filter: Record<string, unknown>): Promise<string[]> => ids(await c.find(filter, { sort: { _id: 1 } }));

      it('matches equality, comparison and type bracketing', async () => {
        expect(await find({ n: 5 })).toEqual(['b']);
        expect(await find({ n: { $gt: 1 } })).toEqual(['b', 'c']);
        expect(await find({ n: { $gte: 1, $lt: 10 } })).toEqual(['a', 'b']);
        expect(await find({ n: { $lte: 5 } })).toEqual(['a', 'b']);
        expect(await find({ s: { $gt: 'b' } })).toEqual(['b']); // 'Cherry' and '5' sort before 'b'
        expect(await find({ at: { $gte: '2025-01-01', $lt: '2025-02-01' } })).toEqual(['a']);
        expect(await find({ n: { $ne: 5 } })).toEqual(['a', 'c', 'd']);
      });

      it('matches $in, $nin, $exists and null (null matches missing)', async () => {
        expect(await find({ _id: { $in: ['a', 'c', 'zz'] } })).toEqual(['a', 'c']);
        expect(await find({ n: { $in: [1, 10] } })).toEqual(['a', 'c']);
        expect(await find({ n: { $nin: [1, 10] } })).toEqual(['b', 'd']);
        expect(await find({ n: { $exists: false } })).toEqual(['d']);
        expect(await find({ nothing: { $exists: true } })).toEqual(['d']);
        expect(await find({ nothing: null })).toEqual(['a', 'b', 'c', 'd']);
        expect(await find({ n: null })).toEqual(['d']);
        expect(await find({ 'meta.rank': null })).toEqual(['c', 'd']);
        expect(await find({ n: { $ne: null } })).toEqual(['a', 'b', 'c']);
      });

      it('matches logical operators, regular expressions and nested paths', async () => {
        expect(await find({ $or: [{ n: 1 }, { s: 'banana' }] })).toEqual(['a', 'b']);
        expect(await find({ $and: [{ n: { $gt: 1 } }, { n: { $lt: 10 } }] })).toEqual(['b']);
        expect(await find({ $nor: [{ n: 1 }, { n: 5 }] })).toEqual(['c', 'd']);
        expect(await find({ n: { $not: { $gt: 4 } } })).toEqual(['a', 'd']);
        expect(await find({ s: { $regex: '^c', $options: 'i' } })).toEqual(['c']);
        expect(await find({ s: /an/ })).toEqual(['b']);
        expect(await find({ 'meta.rank': 2 })).toEqual(['a']);
        expect(await find({ 'meta.flag': true })).toEqual(['a']);
      });

      it('matches arrays: element equality, $all, $size, $elemMatch, paths into arrays', async () => {
        expect(await find({ tags: 'y' })).toEqual(['a', 'b']);
        expect(await find({ tags: { $all: ['x', 'y'] } })).toEqual(['a']);
        expect(await find({ tags: { $size: 0 } })).toEqual(['c']);
        expect(await find({ tags: ['y'] })).toEqual(['b']);
        expect(await find({ 'items.k': 'q' })).toEqual(['b']);
        expect(await find({ items: { $elemMatch: { k: 'p', q: { $gte: 1 } } } })).toEqual(['a']);
        expect(await find({ items: { $elemMatch: { k: 'p', q: { $gte: 2 } } } })).toEqual([]);
      });

      it('finds what a projection wrote after a position ({ _position: { $gt: n } }), in natural order', async () => {
        const c = await seed([
          { _id: 'a', _position: 5 },
          { _id: 'b', _position: 9 },
          { _id: 'c' },
          { _id: 'd', _position: '12' },
          { _id: 'e', _position: 7 },
        ]);
        await c.updateOne({ _id: 'a' }, { $set: { _position: 11 } });
        await c.updateOne({ _id: 'b' }, { $set: { _position: 3 } });
        expect(ids(await c.find({ _position: { $gt: 6 } }))).toEqual(['a', 'e']);
        expect(ids(await c.find({ _position: { $gt: 6 } }, { sort: { _position: -1 } }))).toEqual(['a', 'e']);
        expect(await c.countDocuments({ _position: { $gt: 100 } })).toBe(0);
      });

      it('combines an _id condition with other conditions', async () => {
        expect(await find({ _id: 'a', n: 1 })).toEqual(['a']);
        expect(await find({ _id: 'a', n: 5 })).toEqual([]);
        expect(await find({ _id: { $in: ['a', 'b'] }, n: { $gt: 1 } })).toEqual(['b']);
        expect(await find({ _id: { $gt: 'b' } })).toEqual(['c', 'd']);
      });
    });

    describe('sort, skip, limit', () => {
      it('sorts by several keys, then skips and limits', async () => {
        const c = await seed([
          { _id: 'a', g: 2, n: 1 },
          { _id: 'b', g: 1, n: 2 },
          { _id: 'c', g: 2, n: 3 },
          { _id: 'd', g: 1, n: 4 },
          { _id: 'e', g: 3, n: 5 },
        ]);
        expect(ids(await c.find({}, { sort: { g: 1, n: -1 } }))).toEqual(['d', 'b', 'c', 'a', 'e']);
        expect(ids(await c.find({}, { sort: { g: -1, n: 1 } }))).toEqual(['e', 'a', 'c', 'b', 'd']);
        expect(ids(await c.find({}, { sort: { n: 1 }, skip: 1, limit: 2 }))).toEqual(['b', 'c']);
        expect(ids(await c.find({}, { sort: { n: -1 }, skip: 4, limit: 10 }))).toEqual(['a']);
        expect(ids(await c.find({}, { sort: { n: 1 }, skip: 9 }))).toEqual([]);
        expect(await c.find({ g: { $gte: 2 } }, { limit: 2 })).toHaveLength(2);
        expect(ids(await c.find({ g: 2 }, { sort: { n: 1 }, limit: 1 }))).toEqual(['a']);
      });

      it('sorts on nested fields with missing and null values first ascending, tied with each other', async () => {
        const c = await seed([
          { _id: 'a', meta: { rank: 2 } },
          { _id: 'b' },
          { _id: 'c', meta: { rank: null } },
          { _id: 'd', meta: { rank: 1 } },
          { _id: 'e', meta: {} },
          { _id: 'f', meta: null },
        ]);
        expect(ids(await c.find({}, { sort: { 'meta.rank': 1, _id: 1 } }))).toEqual(['b', 'c', 'e', 'f', 'd', 'a']);
        expect(ids(await c.find({}, { sort: { 'meta.rank': -1, _id: 1 } }))).toEqual(['a', 'd', 'b', 'c', 'e', 'f']);
        expect(ids(await c.find({}, { sort: { 'meta.rank': 1, _id: -1 } }))).toEqual(['f', 'e', 'c', 'b', 'd', 'a']);
      });

      it('orders mixed types as MongoDB does: null, numbers, strings, objects, booleans', async () => {
        const c = await seed([
          { _id: 'bool', v: true },
          { _id: 'str', v: '10' },
          { _id: 'num', v: 10 },
          { _id: 'obj', v: { a: 1 } },
          { _id: 'null', v: null },
          { _id: 'neg', v: -2.5 },
          { _id: 'false', v: false },
          { _id: 'strA', v: 'A' },
          { _id: 'strLow', v: 'a' },
        ]);
        expect(ids(await c.find({}, { sort: { v: 1 } }))).toEqual(['null', 'neg', 'num', 'str', 'strA', 'strLow', 'obj', 'false', 'bool']);
      });

      it('sorts arrays by their least element ascending and greatest descending', async () => {
        const c = await seed([
          { _id: 'a', v: [3, 9] },
          { _id: 'b', v: [5] },
          { _id: 'c', v: 4 },
        ]);
        expect(ids(await c.find({}, { sort: { v: 1 } }))).toEqual(['a', 'c', 'b']);
        expect(ids(await c.find({}, { sort: { v: -1 } }))).toEqual(['a', 'b', 'c']);
      });

      it('findOne takes the first document in sort order', async () => {
        const c = await seed([
          { _id: 'a', n: 2 },
          { _id: 'b', n: 3 },
          { _id: 'c', n: 1 },
        ]);
        expect(await c.findOne({}, { sort: { n: -1 } })).toEqual({ _id: 'b', n: 3 });
        expect(await c.findOne({ n: { $lt: 3 } }, { sort: { n: 1 } })).toEqual({ _id: 'c', n: 1 });
      });
    });

    describe('projection', () => {
      const doc = { _id: 'a', name: 'A', price: '1.00', meta: { rank: 1, note: 'n' }, rows: [{ k: 1, v: 2 }, { k: 3 }] };

      it('includes fields (and _id unless excluded), nested paths and paths into arrays', async () => {
        const c = await seed([doc]);
        expect(await c.findOne({ _id: 'a' }, { projection: { name: 1 } })).toEqual({ _id: 'a', name: 'A' });
        expect(await c.findOne({ _id: 'a' }, { projection: { name: 1, _id: 0 } })).toEqual({ name: 'A' });
        expect(await c.findOne({ _id: 'a' }, { projection: { 'meta.rank': 1 } })).toEqual({ _id: 'a', meta: { rank: 1 } });
        expect(await c.findOne({ _id: 'a' }, { projection: { 'rows.v': 1, _id: 0 } })).toEqual({ rows: [{ v: 2 }, {}] });
        expect(await c.findOne({ _id: 'a' }, { projection: { missing: 1 } })).toEqual({ _id: 'a' });
        expect(await c.findOne({ _id: 'a' }, { projection: { _id: 1 } })).toEqual({ _id: 'a' });
      });

      it('excludes fields, nested paths and _id', async () => {
        const c = await seed([doc]);
        expect(await c.findOne({ _id: 'a' }, { projection: { meta: 0, rows: 0 } })).toEqual({ _id: 'a', name: 'A', price: '1.00' });
        expect(await c.findOne({ _id: 'a' }, { projection: { 'meta.note': 0, rows: 0, _id: 0 } })).toEqual({ name: 'A', price: '1.00', meta: { rank: 1 } });
        expect(await c.findOne({ _id: 'a' }, { projection: { _id: 0 } })).toEqual({ name: 'A', price: '1.00', meta: doc.meta, rows: doc.rows });
      });

      it('applies projection with sort, skip and limit in find', async () => {
        const c = await seed([
          { _id: 'a', n: 2, x: 'a' },
          { _id: 'b', n: 1, x: 'b' },
          { _id: 'c', n: 3, x: 'c' },
        ]);
        expect(await c.find({}, { sort: { n: 1 }, skip: 1, limit: 1, projection: { x: 1, _id: 0 } })).toEqual([{ x: 'a' }]);
      });

      it('refuses to mix inclusion and exclusion', async () => {
        const c = await seed([doc]);
        await expect(c.find({}, { projection: { name: 1, price: 0 } })).rejects.toThrow();
      });
    });

    describe('replaceOne', () => {
      it('replaces the whole document', async () => {
        const c = await seed([{ _id: 'a', old: 1, keep: 'no' }]);
        expect(await c.replaceOne({ _id: 'a' }, { _id: 'a', fresh: 2 })).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', fresh: 2 });
      });

      it('reports no modification for an identical replacement', async () => {
        const c = await seed([{ _id: 'a', v: 1 }]);
        expect(await c.replaceOne({ _id: 'a' }, { _id: 'a', v: 1 })).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
      });

      it('replaces the first match of a non-_id filter, keeping its _id', async () => {
        const c = await seed([{ _id: 'a', kind: 'k', v: 1 }]);
        await c.replaceOne({ kind: 'k' }, { kind: 'k', v: 2 } as unknown as Doc);
        expect(await c.find()).toEqual([{ _id: 'a', kind: 'k', v: 2 }]);
      });

      it('does nothing without a match unless upserting', async () => {
        const c = await seed([{ _id: 'other' }]);
        expect(await c.replaceOne({ _id: 'a' }, { _id: 'a', v: 1 })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 0 });
        expect(await c.countDocuments()).toBe(1);
        expect(await c.replaceOne({ _id: 'a' }, { _id: 'a', v: 1 }, { upsert: true })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 1 });
      });

      it('upserts with the _id of the filter when the replacement has none', async () => {
        const c = fresh();
        await c.replaceOne({ _id: 'r1' }, { v: 1 } as unknown as Doc, { upsert: true });
        expect(await c.find()).toEqual([{ _id: 'r1', v: 1 }]);
      });

      it('refuses to change _id', async () => {
        const c = await seed([{ _id: 'a', v: 1 }]);
        await expect(c.replaceOne({ _id: 'a' }, { _id: 'b', v: 2 })).rejects.toThrow();
        expect(await c.find()).toEqual([{ _id: 'a', v: 1 }]);
      });
    });

    describe('update operators', () => {
      const updated = async (doc: Doc, update: Record<string, unknown>): Promise<Doc | null> => {
        const c = await seed([doc]);
        await c.updateOne({ _id: doc._id }, update);
        return c.findOne({ _id: doc._id });
      };

      it('$set sets top-level and nested fields, creating objects on the way', async () => {
        expect(await updated({ _id: 'a', v: 1, o: { x: 1 } }, { $set: { v: 2, 'o.y': 'y', 'p.q.r': true } })).toEqual({
          _id: 'a',
          v: 2,
          o: { x: 1, y: 'y' },
          p: { q: { r: true } },
        });
        expect(await updated({ _id: 'a', arr: [{ k: 1 }, { k: 2 }] }, { $set: { 'arr.1.k': 9 } })).toEqual({ _id: 'a', arr: [{ k: 1 }, { k: 9 }] });
      });

      it('$unset removes fields (missing ones are ignored)', async () => {
        expect(await updated({ _id: 'a', v: 1, o: { x: 1, y: 2 } }, { $unset: { v: '', 'o.x': '', nope: '' } })).toEqual({ _id: 'a', o: { y: 2 } });
      });

      it('$inc adds to numbers and creates missing fields', async () => {
        expect(await updated({ _id: 'a', n: 1, o: {} }, { $inc: { n: 2, m: 5, 'o.c': -1 } })).toEqual({ _id: 'a', n: 3, m: 5, o: { c: -1 } });
      });

      it('$mul multiplies numbers', async () => {
        expect(await updated({ _id: 'a', n: 3 }, { $mul: { n: 4 } })).toEqual({ _id: 'a', n: 12 });
      });

      it('$min and $max keep the lesser or greater value (strings compare too)', async () => {
        expect(await updated({ _id: 'a', lo: 5, hi: 5, first: '2025-02-01' }, { $min: { lo: 3, first: '2025-01-15', created: 1 }, $max: { hi: 4 } })).toEqual({
          _id: 'a',
          lo: 3,
          hi: 5,
          first: '2025-01-15',
          created: 1,
        });
      });

      it('$push appends, with $each, $sort and $slice', async () => {
        expect(await updated({ _id: 'a', l: [1] }, { $push: { l: 2, m: 'new' } })).toEqual({ _id: 'a', l: [1, 2], m: ['new'] });
        expect(await updated({ _id: 'a', l: [5, 1] }, { $push: { l: { $each: [3, 4], $sort: 1, $slice: -3 } } })).toEqual({ _id: 'a', l: [3, 4, 5] });
        expect(await updated({ _id: 'a' }, { $push: { l: { $each: [3, 1, 2], $sort: -1, $slice: 2 } } })).toEqual({ _id: 'a', l: [3, 2] });
        expect(await updated({ _id: 'a', l: [{ at: 2 }] }, { $push: { l: { $each: [{ at: 3 }, { at: 1 }], $sort: { at: 1 } } } })).toEqual({
          _id: 'a',
          l: [{ at: 1 }, { at: 2 }, { at: 3 }],
        });
      });

      it('$pull removes matching values or elements matching a condition', async () => {
        expect(await updated({ _id: 'a', l: [1, 2, 3, 2] }, { $pull: { l: 2 } })).toEqual({ _id: 'a', l: [1, 3] });
        expect(await updated({ _id: 'a', l: [1, 2, 3] }, { $pull: { l: { $gte: 2 } } })).toEqual({ _id: 'a', l: [1] });
        expect(await updated({ _id: 'a', l: [{ id: 'x', q: 1 }, { id: 'y', q: 2 }] }, { $pull: { l: { id: 'x' } } })).toEqual({ _id: 'a', l: [{ id: 'y', q: 2 }] });
      });

      it('$addToSet adds only missing values, also with $each', async () => {
        expect(await updated({ _id: 'a', l: ['x'] }, { $addToSet: { l: 'x', m: 'y' } })).toEqual({ _id: 'a', l: ['x'], m: ['y'] });
        expect(await updated({ _id: 'a', l: ['x'] }, { $addToSet: { l: { $each: ['x', 'y', 'y'] } } })).toEqual({ _id: 'a', l: ['x', 'y'] });
        expect(await updated({ _id: 'a', l: [{ k: 1 }] }, { $addToSet: { l: { k: 1 } } })).toEqual({ _id: 'a', l: [{ k: 1 }] });
      });

      it('$pop, $pullAll and $rename', async () => {
        expect(await updated({ _id: 'a', l: [1, 2, 3] }, { $pop: { l: 1 } })).toEqual({ _id: 'a', l: [1, 2] });
        expect(await updated({ _id: 'a', l: [1, 2, 3] }, { $pop: { l: -1 } })).toEqual({ _id: 'a', l: [2, 3] });
        expect(await updated({ _id: 'a', l: [1, 2, 3, 1] }, { $pullAll: { l: [1, 3] } })).toEqual({ _id: 'a', l: [2] });
        expect(await updated({ _id: 'a', old: 1 }, { $rename: { old: 'fresh' } })).toEqual({ _id: 'a', fresh: 1 });
      });

      it('updates array elements with the positional $ operator', async () => {
        const c = await seed([{ _id: 'a', rows: [{ k: 'x', v: 1 }, { k: 'y', v: 1 }] }]);
        await c.updateOne({ _id: 'a', 'rows.k': 'y' }, { $set: { 'rows.$.v': 2 } });
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', rows: [{ k: 'x', v: 1 }, { k: 'y', v: 2 }] });
      });

      it('counts matched and modified documents', async () => {
        const c = await seed([
          { _id: 'a', v: 1, k: 'x' },
          { _id: 'b', v: 2, k: 'x' },
          { _id: 'c', v: 1, k: 'y' },
        ]);
        expect(await c.updateOne({ _id: 'a' }, { $set: { v: 1 } })).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
        expect(await c.updateOne({ k: 'x' }, { $set: { seen: true } })).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect(await c.updateMany({ k: 'x' }, { $set: { v: 2 } })).toEqual({ matchedCount: 2, modifiedCount: 1, upsertedCount: 0 });
        expect(await c.updateMany({ v: { $gte: 1 } }, { $inc: { v: 1 } })).toEqual({ matchedCount: 3, modifiedCount: 3, upsertedCount: 0 });
        expect(await c.updateMany({ k: 'none' }, { $inc: { v: 1 } })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 0 });
        expect(await c.find({}, { sort: { _id: 1 }, projection: { v: 1 } })).toEqual([
          { _id: 'a', v: 3 },
          { _id: 'b', v: 3 },
          { _id: 'c', v: 2 },
        ]);
      });

      it('refuses a document without operators, an unknown operator and a change of _id', async () => {
        const c = await seed([{ _id: 'a', v: 1 }]);
        await expect(c.updateOne({ _id: 'a' }, { v: 2 })).rejects.toThrow();
        await expect(c.updateOne({ _id: 'a' }, { $frobnicate: { v: 2 } })).rejects.toThrow();
        await expect(c.updateOne({ _id: 'a' }, { $set: { _id: 'b' } })).rejects.toThrow();
        expect(await c.find()).toEqual([{ _id: 'a', v: 1 }]);
      });

      it('refuses conflicting paths and type mismatches, leaving the document unchanged', async () => {
        const c = await seed([{ _id: 'a', v: 1, s: '1.50', o: 5 }]);
        await expect(c.updateOne({ _id: 'a' }, { $set: { v: 2 }, $inc: { v: 1 } })).rejects.toThrow();
        await expect(c.updateOne({ _id: 'a' }, { $set: { v: 2 }, $inc: { s: 1 } })).rejects.toThrow();
        await expect(c.updateOne({ _id: 'a' }, { $set: { v: 2 }, $push: { s: 1 } })).rejects.toThrow();
        await expect(c.updateOne({ _id: 'a' }, { $set: { v: 2, 'o.x': 1 } })).rejects.toThrow();
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 1, s: '1.50', o: 5 });
      });
    });

    describe('upsert', () => {
      it('builds the new document from the filter equalities, the update and $setOnInsert', async () => {
        const c = fresh();
        const result = await c.updateOne(
          { _id: 'u1', kind: 'etf', 'meta.region': 'us', n: { $gt: 5 }, s: { $eq: 'eq' } },
          { $set: { name: 'N' }, $inc: { count: 1 }, $setOnInsert: { createdAt: '2025-01-01T00:00:00.000Z' } },
          { upsert: true },
        );
        expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
        expect(await c.findOne({ _id: 'u1' })).toEqual({
          _id: 'u1',
          kind: 'etf',
          meta: { region: 'us' },
          s: 'eq',
          name: 'N',
          count: 1,
          createdAt: '2025-01-01T00:00:00.000Z',
        });
      });

      it('takes equalities from $and and ignores $or with several branches', async () => {
        const c = fresh();
        await c.updateOne({ $and: [{ _id: 'u2' }, { a: 1 }], $or: [{ b: 1 }, { b: 2 }] }, { $set: { c: 1 } }, { upsert: true });
        expect(await c.find()).toEqual([{ _id: 'u2', a: 1, c: 1 }]);
      });

      it('applies $set but not $setOnInsert to an existing document', async () => {
        const c = await seed([{ _id: 'u', count: 1, createdAt: 'first' }]);
        const result = await c.updateOne({ _id: 'u' }, { $set: { name: 'new' }, $inc: { count: 1 }, $setOnInsert: { createdAt: 'second' } }, { upsert: true });
        expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect(await c.findOne({ _id: 'u' })).toEqual({ _id: 'u', count: 2, createdAt: 'first', name: 'new' });
        const onlyInsert = await c.updateOne({ _id: 'u' }, { $setOnInsert: { createdAt: 'third' } }, { upsert: true });
        expect(onlyInsert).toEqual({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
      });

      it('generates a string _id when neither the filter nor the update gives one', async () => {
        const c = fresh();
        await c.updateOne({ key: 'k1' }, { $set: { v: 1 } }, { upsert: true });
        const [doc] = await c.find();
        expect(typeof doc?._id).toBe('string');
        expect(doc).toMatchObject({ key: 'k1', v: 1 });
      });

      it('takes _id from $setOnInsert when the filter has none', async () => {
        const c = fresh();
        await c.updateOne({ key: 'k1' }, { $setOnInsert: { _id: 'chosen' }, $set: { v: 1 } }, { upsert: true });
        expect(await c.find()).toEqual([{ _id: 'chosen', key: 'k1', v: 1 }]);
      });

      it('inserts one document from updateMany when nothing matches', async () => {
        const c = await seed([{ _id: 'x', g: 'other' }]);
        expect(await c.updateMany({ g: 'grp' }, { $set: { v: 1 } }, { upsert: true })).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
        expect(await c.countDocuments({ g: 'grp', v: 1 })).toBe(1);
        expect(await c.updateMany({ g: { $in: ['grp', 'other'] } }, { $set: { v: 2 } }, { upsert: true })).toEqual({ matchedCount: 2, modifiedCount: 2, upsertedCount: 0 });
      });

      it('fails with a duplicate key when the filter excludes an existing document with that _id', async () => {
        // The idempotent-projection guard: { _id, _position: { $lt: p } } misses a newer document and
        // the upsert then collides on _id; callers must treat that as "already applied".
        const c = await seed([{ _id: 'p', _position: 10 }]);
        await expect(c.updateOne({ _id: 'p', _position: { $lt: 5 } }, { $set: { _position: 5 } }, { upsert: true })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        expect(await c.findOne({ _id: 'p' })).toEqual({ _id: 'p', _position: 10 });
      });

      it('refuses $setOnInsert and $set on the same path', async () => {
        const c = fresh();
        await expect(c.updateOne({ _id: 'x' }, { $set: { a: 1 }, $setOnInsert: { a: 2 } }, { upsert: true })).rejects.toThrow();
        expect(await c.countDocuments()).toBe(0);
      });
    });

    describe('delete', () => {
      it('deleteOne removes one matching document, deleteMany all matching or all', async () => {
        const c = await seed([
          { _id: 'a', k: 'x' },
          { _id: 'b', k: 'x' },
          { _id: 'c', k: 'y' },
          { _id: 'd', k: 'z' },
        ]);
        expect(await c.deleteOne({ k: 'x' })).toEqual({ deletedCount: 1 });
        expect(await c.countDocuments({ k: 'x' })).toBe(1);
        expect(await c.deleteOne({ k: 'none' })).toEqual({ deletedCount: 0 });
        expect(await c.deleteMany({ k: { $in: ['x', 'y'] } })).toEqual({ deletedCount: 2 });
        expect(ids(await c.find())).toEqual(['d']);
        expect(await c.deleteMany()).toEqual({ deletedCount: 1 });
        expect(await c.countDocuments()).toBe(0);
        await c.insertOne({ _id: 'a', k: 'again' });
        expect(await c.find()).toEqual([{ _id: 'a', k: 'again' }]);
      });
    });

    describe('bulkWrite', () => {
      it('applies operations in order', async () => {
        const c = await seed([
          { _id: 'a', v: 1 },
          { _id: 'b', v: 1 },
        ]);
        await c.bulkWrite([
          { insertOne: { document: { _id: 'c', v: 1 } } },
          { updateOne: { filter: { _id: 'a' }, update: { $inc: { v: 1 } } } },
          { updateMany: { filter: { v: 1 }, update: { $set: { one: true } } } },
          { replaceOne: { filter: { _id: 'd' }, replacement: { _id: 'd', v: 4 }, upsert: true } },
          { updateOne: { filter: { _id: 'e' }, update: { $setOnInsert: { v: 5 } }, upsert: true } },
          { deleteOne: { filter: { _id: 'b' } } },
          { updateMany: { filter: { v: { $gt: 3 } }, update: { $set: { big: true } } } },
          { deleteMany: { filter: { one: true } } },
        ]);
        expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', v: 2 },
          { _id: 'd', v: 4, big: true },
          { _id: 'e', v: 5, big: true },
        ]);
      });

      it('stops at the first failing operation, keeping the ones before it', async () => {
        const c = fresh();
        await expect(
          c.bulkWrite([
            { insertOne: { document: { _id: 'a', v: 1 } } },
            { insertOne: { document: { _id: 'b', v: 1 } } },
            { insertOne: { document: { _id: 'a', v: 2 } } },
            { insertOne: { document: { _id: 'c', v: 1 } } },
            { updateOne: { filter: { _id: 'b' }, update: { $set: { v: 9 } } } },
          ]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', v: 1 },
          { _id: 'b', v: 1 },
        ]);
      });

      it('accepts an empty list', async () => {
        const c = await seed([{ _id: 'a' }]);
        await expect(c.bulkWrite([])).resolves.toBeUndefined();
      });
    });

    describe('writeAtomically', () => {
      it('applies each collection\'s operations in order, the same collection twice included', async () => {
        const docs = await seed([{ _id: 'a', v: 1 }]);
        const checkpoints = fresh();
        await store().writeAtomically([
          { collection: docs.name, operations: [{ updateOne: { filter: { _id: 'a' }, update: { $inc: { v: 1 } } } }, { insertOne: { document: { _id: 'b', v: 1 } } }] },
          { collection: checkpoints.name, operations: [{ replaceOne: { filter: { _id: 'p' }, replacement: { _id: 'p', position: 7 }, upsert: true } }] },
          { collection: docs.name, operations: [{ deleteOne: { filter: { _id: 'b' } } }, { updateOne: { filter: { _id: 'a' }, update: { $inc: { v: 10 } } } }] },
          { collection: fresh().name, operations: [] },
        ]);
        expect(await docs.find({})).toEqual([{ _id: 'a', v: 12 }]);
        expect(await checkpoints.find({})).toEqual([{ _id: 'p', position: 7 }]);
      });

      it('accepts an empty list', async () => {
        await expect(store().writeAtomically([])).resolves.toBeUndefined();
      });

      it('keeps owned documents as written, undefined stored as null, and later writes never reach documents read before', async () => {
        const c = fresh();
        const shared = { k: 1 };
        await store().writeAtomically([
          {
            collection: c.name,
            owned: true,
            operations: [
              { insertOne: { document: { _id: 'a', list: [shared], gone: undefined } } },
              { replaceOne: { filter: { _id: 'b' }, replacement: { _id: 'b', rows: [{ n: undefined }] }, upsert: true } },
            ],
          },
        ]);
        expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', list: [{ k: 1 }], gone: null },
          { _id: 'b', rows: [{ n: null }] },
        ]);
        const before = await c.findOne({ _id: 'a' }, { readOnly: true });
        // a second owned write that reuses the document read: the earlier answer stays as it was
        await store().writeAtomically([
          { collection: c.name, owned: true, operations: [{ replaceOne: { filter: { _id: 'a' }, replacement: { ...before!, list: [...(before!.list as object[]), { k: 2 }] } } }] },
        ]);
        await c.updateOne({ _id: 'a' }, { $push: { list: { k: 3 } } });
        await c.updateOne({ _id: 'a' }, { $set: { 'list.0.k': 10 } });
        expect(before).toEqual({ _id: 'a', list: [{ k: 1 }], gone: null });
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', list: [{ k: 10 }, { k: 2 }, { k: 3 }], gone: null });
      });
    });

    describe('readOnly reads', () => {
      it('answer the same documents as other reads, and updates, replacements and deletes leave the answers given alone', async () => {
        const c = await seed([
          { _id: 'a', n: 1, list: [{ k: 1 }], nested: { v: 1 } },
          { _id: 'b', n: 2, list: [], nested: { v: 2 } },
        ]);
        const one = await c.findOne({ _id: 'a' }, { readOnly: true });
        const all = await c.find({}, { sort: { _id: 1 }, readOnly: true });
        expect(one).toEqual(await c.findOne({ _id: 'a' }));
        expect(all).toEqual(await c.find({}, { sort: { _id: 1 } }));
        await c.updateOne({ _id: 'a' }, { $inc: { n: 1 }, $set: { 'nested.v': 5, 'list.0.k': 7 } });
        await c.updateOne({ _id: 'a' }, { $push: { list: { k: 2 } } });
        await c.replaceOne({ _id: 'b' }, { _id: 'b', n: 20 });
        await c.deleteOne({ _id: 'a' });
        expect(one).toEqual({ _id: 'a', n: 1, list: [{ k: 1 }], nested: { v: 1 } });
        expect(all).toEqual([
          { _id: 'a', n: 1, list: [{ k: 1 }], nested: { v: 1 } },
          { _id: 'b', n: 2, list: [], nested: { v: 2 } },
        ]);
        expect(await c.find({})).toEqual([{ _id: 'b', n: 20 }]);
      });
    });

    describe('indexes', () => {
      it('enforces a unique index on insert, update, replace and upsert', async () => {
        const c = fresh();
        await c.createIndex({ key: { email: 1 }, unique: true });
        await c.insertOne({ _id: 'a', email: 'a@x' });
        await c.insertOne({ _id: 'b', email: 'b@x' });
        await expect(c.insertOne({ _id: 'c', email: 'a@x' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(c.updateOne({ _id: 'b' }, { $set: { email: 'a@x', other: 1 } })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(c.replaceOne({ _id: 'b' }, { _id: 'b', email: 'a@x' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(c.updateOne({ _id: 'z' }, { $set: { email: 'a@x' } }, { upsert: true })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', email: 'a@x' },
          { _id: 'b', email: 'b@x' },
        ]);
        await c.updateOne({ _id: 'a' }, { $set: { email: 'a2@x' } });
        await c.insertOne({ _id: 'c', email: 'a@x' });
        await c.deleteOne({ _id: 'b' });
        await c.insertOne({ _id: 'd', email: 'b@x' });
        expect(await c.countDocuments()).toBe(3);
      });

      it('enforces a unique compound index on the combination', async () => {
        const c = fresh();
        await c.createIndex({ key: { user: 1, symbol: 1 }, unique: true, name: 'user_symbol' });
        await c.insertOne({ _id: 'a', user: 'u1', symbol: 'NVDW' });
        await c.insertOne({ _id: 'b', user: 'u1', symbol: 'TSLW' });
        await c.insertOne({ _id: 'c', user: 'u2', symbol: 'NVDW' });
        await expect(c.insertOne({ _id: 'd', user: 'u1', symbol: 'NVDW' })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('treats missing fields as null in a unique index', async () => {
        const c = fresh();
        await c.createIndex({ key: { code: 1 }, unique: true });
        await c.insertOne({ _id: 'a' });
        await expect(c.insertOne({ _id: 'b' })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(c.insertOne({ _id: 'b', code: null })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('indexes each element of an array for uniqueness across documents', async () => {
        const c = fresh();
        await c.createIndex({ key: { tags: 1 }, unique: true });
        await c.insertOne({ _id: 'a', tags: ['x', 'y'] });
        await c.insertOne({ _id: 'b', tags: ['z', 'z'] });
        await expect(c.insertOne({ _id: 'c', tags: ['y'] })).rejects.toBeInstanceOf(DuplicateKeyError);
      });

      it('refuses a unique index over existing duplicates and accepts the same index twice', async () => {
        const c = await seed([
          { _id: 'a', k: 1 },
          { _id: 'b', k: 1 },
        ]);
        await expect(c.createIndex({ key: { k: 1 }, unique: true })).rejects.toBeInstanceOf(DuplicateKeyError);
        await c.createIndex({ key: { k: 1 } });
        await c.createIndex({ key: { k: 1 } });
        expect(await c.countDocuments({ k: 1 })).toBe(2);
      });

      it('answers equality lookups on indexed fields through inserts, updates and deletes', async () => {
        const c = fresh();
        await c.createIndex({ key: { owner: 1 } });
        await c.createIndex({ key: { owner: 1, day: -1 } });
        // owner o0/o1/o2 by i % 3, day 10/11 by i % 2: each owner has 5 documents on each day.
        for (let i = 0; i < 30; i++) await c.insertOne({ _id: `d${String(i).padStart(2, '0')}`, owner: `o${i % 3}`, day: `2025-01-1${i % 2}` });
        expect(await c.countDocuments({ owner: 'o1' })).toBe(10);
        expect(await c.updateMany({ owner: 'o1', day: '2025-01-11' }, { $set: { owner: 'o2' } })).toMatchObject({ modifiedCount: 5 });
        expect(await c.countDocuments({ owner: 'o1' })).toBe(5);
        expect(await c.countDocuments({ owner: 'o2', day: '2025-01-11' })).toBe(10);
        await c.deleteMany({ owner: 'o0' });
        expect(await c.find({ owner: 'o0' })).toEqual([]);
        expect(ids(await c.find({ owner: { $eq: 'o1' } }, { sort: { _id: 1 } }))).toEqual(['d04', 'd10', 'd16', 'd22', 'd28']);
        await c.replaceOne({ _id: 'd01' }, { _id: 'd01', owner: 'o9' });
        expect(ids(await c.find({ owner: 'o9' }))).toEqual(['d01']);
        expect(await c.countDocuments({ owner: 'o2', day: '2025-01-11' })).toBe(9);
      });
    });

    describe('isolation of stored documents', () => {
      it('keeps stored documents apart from the objects passed in and handed out', async () => {
        const c = fresh();
        const input = { _id: 'a', list: [1], nested: { v: 1 } };
        await c.insertOne(input);
        input.list.push(2);
        input.nested.v = 99;
        const first = await c.findOne({ _id: 'a' });
        expect(first).toEqual({ _id: 'a', list: [1], nested: { v: 1 } });
        (first?.list as number[]).push(3);
        (first?.nested as { v: number }).v = 42;
        const [listed] = await c.find({ _id: 'a' });
        (listed?.nested as { v: number }).v = 43;
        const projected = await c.findOne({ _id: 'a' }, { projection: { nested: 1 } });
        (projected?.nested as { v: number }).v = 44;
        expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', list: [1], nested: { v: 1 } });
      });

      it('keeps stored documents apart from update and replacement arguments', async () => {
        const c = await seed([{ _id: 'a' }]);
        const value = { deep: { n: 1 } };
        const replacement = { _id: 'b', rows: [{ k: 1 }] };
        await c.updateOne({ _id: 'a' }, { $set: { value }, $push: { list: { $each: [value] } } });
        await c.replaceOne({ _id: 'b' }, replacement, { upsert: true });
        value.deep.n = 2;
        replacement.rows[0]!.k = 2;
        expect(await c.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', value: { deep: { n: 1 } }, list: [{ deep: { n: 1 } }] },
          { _id: 'b', rows: [{ k: 1 }] },
        ]);
      });

      it('does not let a failed update leave partial changes', async () => {
        const c = fresh();
        await c.createIndex({ key: { u: 1 }, unique: true });
        await c.insertOne({ _id: 'a', u: 1, n: 1 });
        await c.insertOne({ _id: 'b', u: 2, n: 1 });
        await expect(c.updateOne({ _id: 'b' }, { $inc: { n: 1 }, $set: { u: 1 } })).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await c.findOne({ _id: 'b' })).toEqual({ _id: 'b', u: 2, n: 1 });
      });
    });

    describe('store', () => {
      it('lists collections that were written and drops them with their indexes', async () => {
        const c = fresh();
        await c.createIndex({ key: { k: 1 }, unique: true });
        await c.insertOne({ _id: 'a', k: 1 });
        expect(await store().listCollections()).toContain(c.name);
        await store().dropCollection(c.name);
        expect(await store().listCollections()).not.toContain(c.name);
        expect(await c.find()).toEqual([]);
        await c.insertOne({ _id: 'a', k: 1 });
        await c.insertOne({ _id: 'b', k: 1 });
        expect(await c.countDocuments()).toBe(2);
      });

      it('drops a collection that does not exist without complaint', async () => {
        await expect(store().dropCollection(`never_${counter}`)).resolves.toBeUndefined();
      });

      it('answers ping', async () => {
        await expect(store().ping()).resolves.toBeUndefined();
      });
    });
  });
}
