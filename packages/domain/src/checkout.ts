/** Checkout arithmetic (part 1 §9.2). */

export interface CouponInfo {
  discountType: 'dollars' | 'percent';
  discountPercent?: number;
  discountInCents?: number;
  message?: string;
}

/** The discount in dollars: cents divided by 100, or a percent of the price. */
export function couponDiscount(priceUsd: number, coupon: CouponInfo | null | undefined): number {
  if (!coupon) return 0;
  if (coupon.discountType === 'dollars') return (coupon.discountInCents ?? 0) / 100;
  return (priceUsd * (coupon.discountPercent ?? 0)) / 100;
}

/** Due today is the price less the discount, rounded to whole dollars, never below zero. */
export function dueToday(priceUsd: number, coupon: CouponInfo | null | undefined): number {
  return Math.max(0, Math.round(priceUsd - couponDiscount(priceUsd, coupon)));
}
