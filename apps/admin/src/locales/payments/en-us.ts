// The payments page's texts in English: the shape the other languages' payments texts follow.
export const paymentsEnUs = {
  refundQuestion: 'Refund this payment to the member? Leave the amount empty to refund all that is left (up to {{amount}}); the balance part goes back at once, the gateway part through the gateway.',
  refundPayment: 'Refund',
  inquired: 'Asked: the payment is {{status}}',
  inquire: 'Ask the gateway',
  nav: "Payments",
  title: "Payments",
  tabs: {
    flags: "Flags to decide",
    payments: "Payments",
    refunds: "Refunds",
  },
  events: "Events",
  time: "Time",
  event: "Event",
  source: "Source",
  change: "Change",
  detail: "Detail",
  refund: "Refund",
  payment: "Payment",
  via: "Via",
  vias: {
    gateway: "Gateway",
    ledger: "Wallet",
  },
  refundStatus: {
    pending: "Pending",
    succeeded: "Refunded",
    failed: "Failed",
  },
  payable: "Paying for",
  payables: {
    order: "Order",
    charity: "Pledge",
    recharge: "Top-up",
  },
  method: "Method",
  balancePart: "Wallet part",
  status: {
    created: "Created",
    pending: "Pending",
    succeeded: "Paid",
    failed: "Failed",
    canceled: "Cancelled",
    expired: "Expired",
  },
  flags: "Flags",
  withOpenFlag: "With an open flag",
  referenceHint: "Payment no. or gateway reference",
  flagStates: {
    open: "Open",
    resolved: "Decided",
    all: "All",
  },
  flag: "Flag",
  kinds: {
    amount_mismatch: "Amount differs",
    currency_mismatch: "Currency differs",
    merchant_mismatch: "Another merchant",
    paid_after_expiry: "Paid after it expired",
    paid_after_cancel: "Paid after it was cancelled",
    payable_not_payable: "Paid, but the order could not take it",
    refund_failed: "Refund failed",
  },
  owedBack: "Owed back",
  owedBackYes: "Money to give back",
  resolution: "Decision",
  resolutions: {
    refunded: "Refunded",
    accepted: "Accepted",
    dismissed: "Dismissed",
    job: "Refunded by the daily check",
  },
  decisions: {
    refund: "Refund",
    accept: "Accept as paid",
    dismiss: "Dismiss",
  },
  questions: {
    refund: "Give the money of payment {{payment}} back in full through its gateway?",
    accept: "You confirmed with the payment service that payment {{payment}} took exactly this amount for this shop. Settle it as paid?",
    dismiss: "Close this flag of payment {{payment}} without moving any money?",
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
/** What every language's payments texts must hold. */
export type PaymentsPack = Shape<typeof paymentsEnUs>;
