/**
 * Where a flash sale's writes land, key by key: a middleware on the buyers' document client reads the
 * image of every item a write touches before and after it (a separate, unrecorded client) and
 * charges, as AWS bills on-demand (dynamodb-billing.ts), the item (1 KB steps, ×2 in a
 * transaction) and each index partition the item enters, leaves or changes in. DynamoDB Local models no partition limits, so this is how the bench
 * says what AWS would allow: a single item and an index partition take at most 1,000 write units a
 * second, so the hottest of them caps the claims a second at 1,000 × claims ÷ its units.
 */
import { DynamoDBClient, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  gsiWrites,
  itemImage,
  itemSize,
  writeTargets,
  writeUnits,
  type WriteTarget,
} from './dynamodb-billing';
import { round } from './stats';

type Item = Record<string, AttributeValue>;

/** Write units a second one item, and one index partition, take on AWS. */
const PARTITION_WU_PER_S = 1_000;

const MIDDLEWARE = 'benchWriteReport';

export class WriteReport {
  readonly items = new Map<string, number>();
  readonly indexPartitions = new Map<string, number>();
  private readonly raw: DynamoDBClient;
  private attached?: DynamoDBDocumentClient;

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

  /** From now on, record the writes of this client (the same recording as section 7's Recorder). */
  attach(doc: DynamoDBDocumentClient): void {
    this.attached = doc;
    doc.middlewareStack.add(
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any operation's input and output
      (next: any, context: any) => async (args: any) => {
        const targets = writeTargets(context.commandName, args.input);
        const before = await Promise.all(targets.map((t) => itemImage(this.raw, this.table, t.key)));
        try {
          const res = await next(args);
          const after = await Promise.all(targets.map((t) => itemImage(this.raw, this.table, t.key)));
          targets.forEach((t, i) => this.charge(t, before[i], after[i]));
          return res;
        } catch (error) {
          // A refused write is billed too (AWS charges a failed conditional write, e.g. a lost lock).
          targets.forEach((t, i) => this.charge(t, before[i], before[i]));
          throw error;
        }
      },
      { step: 'serialize', priority: 'high', name: MIDDLEWARE },
    );
  }

  private add(map: Map<string, number>, key: string, n: number) {
    map.set(key, (map.get(key) ?? 0) + n);
  }

  private charge(t: WriteTarget, b?: Item, a?: Item) {
    if (t.conditionCheck) return;
    this.add(
      this.items,
      `${t.key.pk?.S}/${t.key.sk?.S}`,
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
    this.attached?.middlewareStack.remove(MIDDLEWARE);
    this.raw.destroy();
  }
}
