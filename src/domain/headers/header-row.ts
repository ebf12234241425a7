/** One custom header of a profile, as the person typed it (the value may hold templates). */
export interface HeaderRow {
  id: string;
  name: string;
  value: string;
  enabled: boolean;
}
