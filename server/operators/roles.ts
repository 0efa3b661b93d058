/** The two roles of the console: support reads and resends; finance may also move money and value. */
export const OPERATOR_ROLES = ['support', 'finance'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

export interface Operator {
  id: string;
  email: string;
  role: OperatorRole;
}
