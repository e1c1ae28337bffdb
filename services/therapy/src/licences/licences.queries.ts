/** A SQL boolean: whether the child whose id is the SQL expression `childId` holds a licence. */
export const childHoldsLicence = (childId: string): string =>
  `exists (select 1 from "child_licence" l where l."child_id" = ${childId})`;
