/**
 * Where a flash sale's writes land, key by key: a wrapper on the buyers' document client reads the
 * image of every item a write touches before and after it (a separate, unrecorded client) and
 * charges, as AWS bills on-demand (dynamodb-billing.ts), the item (1 KB steps, ×2 in a
 * transaction) and each index partition the item enters, leaves or changes in. DynamoDB Local models no partition limits, so this is how the bench
 * says what AWS would allow: a single item and an index partition take at most 1,000 write units a
 * second, so the hottest of them caps the claims a second at 1,000 × claims ÷ its units.
 */
import { DynamoDBClient, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Db } from '../../functions/src/db/client';
import { gsiWrites, itemSize, writeUnits } from './dynamodb-billing';
import { round } from './stats';

type Item = Record<string, AttributeValue>;
type Key = { pk: string; sk: string };

/** Write units a second one item, and one index partition, take on AWS. */
export const PARTITION_WU_PER_S = 1_000;

export class WriteReport {
  readonly items = new Map<string, number>();
  readonly indexPartitions = new Map<string, number>();
  private readonly raw: DynamoDBClient;

  constructor(
    endpoint: string,
    private readonly table: string,
  ) {
    this.raw = new DynamoDBClient({
      region: 'ap-southeast-1',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }

  /** The same client, recording the writes that succeed. */
  wrap(db: Db): Db {
    const doc = Object.create(db.doc) as DynamoDBDocumentClient;
    const send = async (command: Parameters<DynamoDBDocumentClient['send']>[0]) => {
      const targets = writeTargets(command);
      const before = await Promise.all(targets.map((t) => this.image(t.key)));
      let out: unknown;
      try {
        out = await db.doc.send(command as never);
      } catch (error) {
        // A refused write is billed too (AWS charges a failed conditional write, e.g. a lost lock).
        targets.forEach((t, i) => this.charge(t, before[i], before[i]));
        throw error;
      }
      const after = await Promise.all(targets.map((t) => this.image(t.key)));
      targets.forEach((t, i) => this.charge(t, before[i], after[i]));
      return out;
    };
    Object.defineProperty(doc, 'send', { value: send });
    return { doc, table: db.table };
  }

  private async image(key: Key): Promise<Item | undefined> {
    const res = await this.raw.send(
      new GetItemCommand({ TableName: this.table, Key: marshall(key), ConsistentRead: true }),
    );
    return res.Item;
  }

  private add(map: Map<string, number>, key: string, n: number) {
    map.set(key, (map.get(key) ?? 0) + n);
  }

  private charge(t: { key: Key; transactional: boolean; check: boolean }, b?: Item, a?: Item) {
    if (t.check) return;
    this.add(
      this.items,
      `${t.key.pk}/${t.key.sk}`,
      writeUnits(Math.max(itemSize(b), itemSize(a))) * (t.transactional ? 2 : 1),
    );
    for (const { partition, units: n } of gsiWrites(b, a).partitions)
      this.add(this.indexPartitions, partition, n);
  }

  /** The hottest item and index partition, their shares, and the claims a second they allow. */
  summary(claims: number) {
    const hottest = (map: Map<string, number>) =>
      [...map.entries()].reduce((best, e) => (e[1] > best[1] ? e : best), ['-', 0] as [string, number]);
    const total = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
    const [item, itemUnits] = hottest(this.items);
    const [partition, partitionUnits] = hottest(this.indexPartitions);
    const worst = Math.max(itemUnits, partitionUnits, 1);
    return {
      tableUnits: total(this.items),
      indexUnits: total(this.indexPartitions),
      hottestItem: {
        key: item,
        units: itemUnits,
        share: round(itemUnits / Math.max(1, total(this.items)), 4),
      },
      hottestIndexPartition: {
        key: partition,
        units: partitionUnits,
        share: round(partitionUnits / Math.max(1, total(this.indexPartitions)), 4),
      },
      claimsPerSecond: Math.floor((PARTITION_WU_PER_S * claims) / worst),
    };
  }

  stop(): void {
    this.raw.destroy();
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the document client's plain inputs */
function writeTargets(command: unknown): Array<{ key: Key; transactional: boolean; check: boolean }> {
  const key = (k: any): Key => ({ pk: String(k.pk), sk: String(k.sk) });
  if (command instanceof PutCommand)
    return [{ key: key(command.input.Item), transactional: false, check: false }];
  if (command instanceof UpdateCommand || command instanceof DeleteCommand)
    return [{ key: key(command.input.Key), transactional: false, check: false }];
  if (command instanceof TransactWriteCommand)
    return (command.input.TransactItems ?? []).map((t: any) => ({
      key: key(t.Put ? t.Put.Item : (t.Update ?? t.Delete ?? t.ConditionCheck).Key),
      transactional: true,
      check: Boolean(t.ConditionCheck),
    }));
  return [];
}
/* eslint-enable @typescript-eslint/no-explicit-any */
