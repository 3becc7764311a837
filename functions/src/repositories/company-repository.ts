import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { queryAll } from './query-all.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/** A seller's company (02 §3 "Company"). Colours default on the tenant site (#1D4F55 / #fff). */
export type CompanyRecord = {
  id: string;
  seller_id: string;
  name: string;
  description: string | null;
  url: string | null;
  logo: string | null;
  header_logo: string | null;
  region_id: number | null;
  vat_number: string | null;
  background_color: string | null;
  text_color: string | null;
  header_1: string | null;
  header_2: string | null;
  is_header_show: boolean;
  /** The voucher website (issue 13, `PUT user/website-configuration`): imprint link, step texts and icons; absent on older items. */
  link?: string | null;
  text_1?: string | null;
  text_2?: string | null;
  text_3?: string | null;
  icon_1?: string | null;
  icon_2?: string | null;
  icon_3?: string | null;
  /** Business address shown on the public seller page; absent on older items (the seller's profile address is the fallback). */
  address?: string | null;
  city?: string | null;
  zip_code?: string | null;
  /**
   * Mirrors the seller's activation (issue 11) so the public company carousel needs no profile read:
   * false from seller registration until an admin activates; absent on companies of sellers that were
   * selling before issue 11.
   */
  is_activated?: boolean;
  created_at: string;
  updated_at: string;
};

/** What `saveWebsite` writes; `logo` / `header_logo` undefined keep the stored image. */
export type WebsiteWrite = Pick<
  CompanyRecord,
  'header_1' | 'header_2' | 'background_color' | 'text_color' | 'is_header_show'
> & {
  link: string | null;
  text_1: string | null;
  text_2: string | null;
  text_3: string | null;
  icon_1: string | null;
  icon_2: string | null;
  icon_3: string | null;
  logo?: string;
  header_logo?: string;
};

export const companyKeys = {
  company: (sellerId: string) => ({ PK: `USER#${sellerId}`, SK: 'COMPANY' }),
  all: (name: string, sellerId: string) => ({
    GSI1PK: 'COMPANIES',
    GSI1SK: `${name.trim().toLowerCase()}#${sellerId}`,
  }),
};

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;

export function createCompanyRepository(db: DynamoDBDocumentClient, tableName: string) {
  const fromItem = (item: Record<string, unknown>): CompanyRecord => withoutKeys(item) as CompanyRecord;
  const item = (company: CompanyRecord) => ({
    ...companyKeys.company(company.seller_id),
    ...companyKeys.all(company.name, company.seller_id),
    entity: 'Company',
    ...company,
  });
  return {
    /** The company of a new seller, for the registration transaction (never overwrites). */
    createPart(company: CompanyRecord): TransactionPart {
      return { Put: { TableName: tableName, Item: item(company), ConditionExpression: 'attribute_not_exists(PK)' } };
    },

    deletePart(sellerId: string): TransactionPart {
      return { Delete: { TableName: tableName, Key: companyKeys.company(sellerId) } };
    },

    async put(company: CompanyRecord): Promise<void> {
      await db.send(new PutCommand({ TableName: tableName, Item: item(company) }));
    },

    async getBySeller(sellerId: string): Promise<CompanyRecord | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: companyKeys.company(sellerId) }));
      return Item ? fromItem(Item) : undefined;
    },

    /**
     * The voucher website fields (issue 13): one Update of the existing company, on condition that it
     * still has the `updated_at` the caller read (so a concurrent save, or a profile save, is never
     * overwritten with stale images). Answers false when the condition failed.
     */
    async saveWebsite(
      sellerId: string,
      fields: WebsiteWrite,
      expectedUpdatedAt: string,
      now: string,
    ): Promise<boolean> {
      const values: Record<string, unknown> = { ...fields, updated_at: now };
      const names: Record<string, string> = { '#upd': 'updated_at' };
      const sets: string[] = [];
      const attributeValues: Record<string, unknown> = { ':expected': expectedUpdatedAt };
      Object.entries(values).forEach(([name, value], i) => {
        if (value === undefined) return;
        names[`#f${i}`] = name;
        attributeValues[`:f${i}`] = value;
        sets.push(`#f${i} = :f${i}`);
      });
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: companyKeys.company(sellerId),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: 'attribute_exists(PK) AND #upd = :expected',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: attributeValues,
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    async listAll(): Promise<CompanyRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': 'COMPANIES' },
        }),
      );
      return items.map(fromItem);
    },
  };
}
