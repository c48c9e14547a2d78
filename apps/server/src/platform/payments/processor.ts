/**
 * The card processor behind one interface (ARCHITECTURE §5): the embedded sandbox by default, a
 * Recurly account when RECURLY_API_KEY is set. The browser tokenizes the card; the server only
 * ever passes the token on.
 */
import type {
  Adjustment,
  BillingInfo,
  CouponInfo,
  Invoice,
  InvoiceAddress,
  Subscription,
} from '@assay/domain';

export interface AccountDetails {
  code: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
}

export interface Coupon extends CouponInfo {
  code: string;
}

/** What the browser needs to tokenize a card for this processor. */
export interface PaymentsClientConfig {
  provider: 'sandbox' | 'recurly';
  /** Sandbox: where the card element posts card fields for a token. */
  tokenUrl: string | null;
  /** Recurly: the public key Recurly.js is configured with. */
  publicKey: string | null;
  /** Recurly: where Recurly.js is loaded from. */
  scriptUrl: string | null;
}

export interface PaymentProcessor {
  readonly clientConfig: PaymentsClientConfig;
  /** Creates the account when it does not exist yet. */
  ensureAccount(account: AccountDetails): Promise<void>;
  /** Who the account's invoices are made out to (#30): its company, contact and address. */
  setInvoiceAddress(accountCode: string, address: InvoiceAddress): Promise<void>;
  /** Stores the card a token stands for on the account. */
  setBillingInfo(accountCode: string, token: string): Promise<BillingInfo>;
  getBillingInfo(accountCode: string): Promise<BillingInfo | null>;
  createSubscription(options: {
    accountCode: string;
    planCode: string;
    couponCodes: string[];
    quantity?: number;
  }): Promise<Subscription>;
  getSubscription(uuid: string): Promise<Subscription>;
  changeSubscription(uuid: string, planCode: string): Promise<Subscription>;
  cancelSubscription(uuid: string): Promise<Subscription>;
  reactivateSubscription(uuid: string): Promise<Subscription>;
  /** A redeemable coupon, or the error promoNotValid. */
  lookupCoupon(code: string): Promise<Coupon>;
  /** Redeems a coupon on the account; it applies to the next invoice. */
  redeemCoupon(accountCode: string, code: string): Promise<void>;
  /**
   * A charge (positive) or credit (negative) on the account's next invoice — Recurly's pending
   * line items (POST /accounts/{id}/line_items).
   */
  addLineItem(accountCode: string, item: { cents: number; description: string }): Promise<void>;
  /** Codes already redeemed on the account. */
  redeemedCoupons(accountCode: string): Promise<string[]>;
  /** A one-off charge on the account's card (POST /purchases): its paid invoice. */
  purchase(options: { accountCode: string; description: string; cents: number }): Promise<Invoice>;
  listAdjustments(accountCode: string): Promise<Adjustment[]>;
  listInvoices(accountCode: string): Promise<Invoice[]>;
  /** The invoice, only when it belongs to the account (else invoiceNotFound). */
  getInvoice(accountCode: string, invoiceId: string): Promise<Invoice>;
  invoicePdf(invoiceId: string): Promise<Uint8Array>;
  /** Any invoice by id, with its account and whether its payment is past due (webhooks, #30). */
  findInvoice(
    invoiceId: string,
  ): Promise<{ accountCode: string; invoice: Invoice; pastDue: boolean }>;
}
