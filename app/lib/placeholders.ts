/**
 * SPEC §9 fixed placeholders, in one place. They are shown as the spec says until real data exists, labelled
 * as examples where a visitor could take them for real figures; nothing else in the code may hard-code these
 * values. Replaced by real counts (issue #17): the merchant dashboard's "Total Clicks (Mock) 1234" and the admin
 * dashboard's "platform activities today" (app/modules/metrics).
 */
export const PLACEHOLDERS = {
  /**
   * Promotion detail: "redeemed 127 of 500". Redemptions are not recorded (the redeem button only shows a note),
   * so this stays the spec's example, labelled as such on the page. Views and clicks are real (issue #17).
   */
  redeemed: { count: 127, total: 500 },
} as const;
