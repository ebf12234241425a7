// The in-memory user accounts of the local identity provider (demo credentials, local only).
import { timingSafeEqual } from 'node:crypto';

export interface UserAccount {
  id: string;
  username: string;
  password: string;
  name: string;
  email: string;
  roles: readonly string[];
}

export const accounts: readonly UserAccount[] = [
  {
    id: 'c3000000-0000-4000-8000-000000000001',
    username: 'analyst',
    password: 'analyst',
    name: 'Ada Analyst',
    email: 'analyst@example.test',
    roles: ['user', 'finance'],
  },
  {
    id: 'c3000000-0000-4000-8000-000000000002',
    username: 'viewer',
    password: 'viewer',
    name: 'Victor Viewer',
    email: 'viewer@example.test',
    roles: ['user'],
  },
  {
    // A second full account whose conversations no other test shares: what reads "all of the person's" (Waiting for
    // you from the server) is proven there, whatever the analyst's other tests leave behind.
    id: 'c3000000-0000-4000-8000-000000000003',
    username: 'reviewer',
    password: 'reviewer',
    name: 'Rita Reviewer',
    email: 'reviewer@example.test',
    roles: ['user', 'finance'],
  },
];

/** The identity behind client-credentials tokens of the `service-account` client. */
export const serviceAccount = {
  id: 'service-account',
  username: 'service-account',
  name: 'Service Account',
  email: 'service-account@example.test',
  roles: ['user'],
} as const;

export function findAccountById(id: string): UserAccount | undefined {
  return accounts.find((account) => account.id === id);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function verifyCredentials(username: string, password: string): UserAccount | undefined {
  const account = accounts.find((candidate) => candidate.username === username);
  return account && sameText(account.password, password) ? account : undefined;
}
