import { TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { companyKeys } from './company-repository.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { userKeys } from './user-repository.ts';
import { verificationKeys, type VerificationStatus } from './verification-repository.ts';

/**
 * The admin's writes of a user's activation and of a seller's document review (issue 11; data-model
 * "User", "Company", "Verification", "Audit"). Each change and its audit entry commit in ONE
 * transaction, conditioned on the state the admin's request read, so two admins clicking at once
 * record one change.
 */
export type AccountStatusRepository = ReturnType<typeof createAccountStatusRepository>;

export function createAccountStatusRepository(db: DynamoDBDocumentClient, tableName: string) {
  const verificationUpdate = (
    sellerId: string,
    review: { status: VerificationStatus; by: string; now: string },
  ): TransactionPart => ({
    Update: {
      TableName: tableName,
      Key: verificationKeys.item(sellerId),
      UpdateExpression: 'SET #status = :status, verified_at = :at, verified_by = :by, updated_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': review.status,
        ':at': review.status === 'verified' ? review.now : null,
        ':by': review.status === 'verified' ? review.by : null,
        ':now': review.now,
      },
    },
  });

  return {
    /**
     * Sets `is_activated` on the profile (condition: it still has the value read, `from`; profiles
     * written before the flag count as activated), mirrors it on the seller's company (`hasCompany`)
     * for the public company carousel, marks the verification verified when asked (`verify`) and puts
     * the audit entry. 'changed' when the profile moved meanwhile (nothing written then).
     */
    async setActivated(change: {
      userId: string;
      from: boolean;
      to: boolean;
      now: string;
      hasCompany: boolean;
      verify?: { by: string } | undefined;
      audit: TransactionPart;
    }): Promise<'ok' | 'changed'> {
      const parts: TransactionPart[] = [
        {
          Update: {
            TableName: tableName,
            Key: userKeys.profile(change.userId),
            UpdateExpression: 'SET is_activated = :to, updated_at = :now',
            ConditionExpression: change.from
              ? 'attribute_exists(PK) AND (is_activated = :from OR attribute_not_exists(is_activated))'
              : 'attribute_exists(PK) AND is_activated = :from',
            ExpressionAttributeValues: { ':to': change.to, ':from': change.from, ':now': change.now },
          },
        },
      ];
      if (change.hasCompany)
        parts.push({
          Update: {
            TableName: tableName,
            Key: companyKeys.company(change.userId),
            UpdateExpression: 'SET is_activated = :to',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':to': change.to },
          },
        });
      if (change.verify)
        parts.push(verificationUpdate(change.userId, { status: 'verified', by: change.verify.by, now: change.now }));
      parts.push(change.audit);
      try {
        await db.send(new TransactWriteCommand({ TransactItems: parts }));
        return 'ok';
      } catch (error) {
        if (failedConditions(error)?.length) return 'changed';
        throw error;
      }
    },

    /** Sets the company's mirror of the activation (the back-fill of issue 11); false when the seller has no company. */
    async mirrorOnCompany(sellerId: string, isActivated: boolean): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: companyKeys.company(sellerId),
            UpdateExpression: 'SET is_activated = :to',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':to': isActivated },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /** The admin's review of the documents (status, verified_at/by) with its audit entry; 'missing' without a verification. */
    async setVerificationStatus(
      sellerId: string,
      review: { status: VerificationStatus; by: string; now: string },
      audit: TransactionPart,
    ): Promise<'ok' | 'missing'> {
      try {
        await db.send(new TransactWriteCommand({ TransactItems: [verificationUpdate(sellerId, review), audit] }));
        return 'ok';
      } catch (error) {
        if (failedConditions(error)?.includes(0)) return 'missing';
        throw error;
      }
    },
  };
}
