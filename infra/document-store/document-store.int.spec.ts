import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { documentStoreContract } from './document-store.contract.ts';
import { MemoryDocumentStore } from './memory-document-store.ts';
import { MongoDocumentStore } from './mongodb-document-store.ts';

documentStoreContract('memory', async () => {
  const store = new MemoryDocumentStore();
  return { store, dispose: () => store.close() };
});

const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  documentStoreContract('mongodb', async () => {
    const dbName = `weeklydiv_contract_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const client = await new MongoClient(mongoUrl).connect();
    const store = new MongoDocumentStore(client, dbName);
    return {
      store,
      dispose: async () => {
        await client.db(dbName).dropDatabase();
        await store.close();
      },
    };
  });
} else {
  console.info('document store contract: MONGODB_URL is not set, so the MongoDB adapter is not exercised (memory adapter only)');
}
