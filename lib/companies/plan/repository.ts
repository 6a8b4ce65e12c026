import { isConditionFailure } from '../../aws/errors';
import * as table from '../../aws/table';
import { eq, exists, notExists, set, update, where } from '../../data/expressions';
import * as keys from '../../data/keys';
import type { CompanyItem, UserItem } from '../model';
import type { CompanyPlan } from './model';

/**
 * A company's plan lives on its item (`COMPANY#<id>/COMPANY`, attribute `plan`), beside the
 * `member_limit` it raises (docs/data-model.md). Reads are strongly consistent: a retry right
 * after a first request must see what that request recorded.
 */
export const plans = {
  /** The user and the company of a subscription request: two GetItems sent together (one round trip). */
  async subscriber(companyId: string, userId: string): Promise<{ user?: UserItem; company?: CompanyItem }> {
    const [user, company] = await Promise.all([
      table.get<UserItem>(keys.user(companyId, userId), { consistent: true }),
      table.get<CompanyItem>(keys.company(companyId), { consistent: true }),
    ]);
    return { user, company };
  },

  /** The company item as it is now. */
  company(companyId: string): Promise<CompanyItem | undefined> {
    return table.get<CompanyItem>(keys.company(companyId), { consistent: true });
  },

  /** The e-mail of a user of the company, or undefined. */
  async userEmail(companyId: string, userId: string): Promise<string | undefined> {
    return (await table.get<UserItem>(keys.user(companyId, userId)))?.email;
  },

  /**
   * Records the plan and the member limit it gives, only while the company has no plan. False
   * when another request recorded one first.
   */
  async record(companyId: string, plan: CompanyPlan, memberLimit: number): Promise<boolean> {
    try {
      await table.update(
        keys.company(companyId),
        update(set('plan', plan), set('member_limit', memberLimit)),
        where(exists('pk'), notExists('plan')),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },

  /** Marks the confirmation e-mail of the plan with this subscription as sent. */
  async confirm(companyId: string, subscriptionId: string, sentAt: string): Promise<void> {
    await table.update(
      keys.company(companyId),
      update(set(['plan', 'confirmation'], 'SENT'), set(['plan', 'confirmation_sent_at'], sentAt)),
      where(eq(['plan', 'subscription_id'], subscriptionId)),
    );
  },
};
