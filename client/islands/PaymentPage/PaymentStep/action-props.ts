/** What the payment step's buttons ask of the page: pay online with a gateway's `type`, or book and pay later. */
export interface PayActions {
  /** A request is running: the buttons do nothing meanwhile. */
  busy: boolean;
  onPay: (type: string) => void;
  onBookLater: () => void;
}
