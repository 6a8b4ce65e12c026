/** Every command of `npm run admin`, in the order `--help` lists them. */
import { apiKeyCreate, apiKeyDisable, apiKeyList } from './api-key';
import type { Command } from './command';
import { companyCease, companyCreate, companyShow } from './company';
import { exportCommand } from './export';
import { importCommand } from './import';
import { operatorAdd } from './operator';
import { partnerAdd } from './partner';
import { userAdd } from './user';

export const commands: readonly Command[] = [
  companyCreate,
  companyShow,
  companyCease,
  userAdd,
  apiKeyCreate,
  apiKeyList,
  apiKeyDisable,
  partnerAdd,
  operatorAdd,
  importCommand,
  exportCommand,
];
