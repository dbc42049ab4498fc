/** The user an application password authenticated, with what the API asks of them. */
export interface ApiKeyUser {
  userId: number;
  login: string;
  /** The application password's uuid in `_application_passwords`. */
  keyUuid: string;
  /** Holds `manage_tour_order` (Tour Master's order pages): administrators and Tour Staff. */
  canManageOrders: boolean;
  /** Holds `manage_options`. */
  isAdmin: boolean;
}
