import { type Command, parseInput } from './command';

export const userAdd: Command = {
  name: 'user add',
  summary: 'Adds a member to a company (its user, wallet and e-mail, one seat) and prints the user id.',
  usage: [
    '--company <id> --email <e-mail> --wallet <0x…> --role admin|member',
    '  --company <id>      the company’s id',
    '  --email <e-mail>    the member’s e-mail: no other member or pending invitation of the company has it',
    '  --wallet <0x…>      the member’s wallet address (checksummed or all one case): no user of any company has it',
    '  --role admin|member an admin may also invite members',
    'GET /generateJWT/<the company’s API key>/<wallet> then gives the member a token.',
  ].join('\n'),
  options: {
    company: { type: 'string' },
    email: { type: 'string' },
    wallet: { type: 'string' },
    role: { type: 'string' },
  },
  positionals: [],
  async run({ values }, io) {
    const { addUser, addUserInput } = await import('./use-cases/add-user');
    const input = parseInput(addUserInput, {
      company_id: ['--company', values.company],
      email: ['--email', values.email],
      wallet: ['--wallet', values.wallet],
      role: ['--role', values.role],
    });
    io.out((await addUser(input)).id);
  },
};
