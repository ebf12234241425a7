/** One custom header of a profile, as the person typed it (the value may hold templates). */
export interface HeaderRow {
  id: string;
  name: string;
  value: string;
  enabled: boolean;
  /** Sent, but kept and shown only masked outside the profile itself. */
  secret?: boolean | undefined;
}
