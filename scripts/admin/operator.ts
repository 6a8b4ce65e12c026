import { type Command, parseInput } from './command';

export const operatorAdd: Command = {
  name: 'operator add',
  summary: 'Adds a non-official operator (a repairer, a recycler, a supplier) to a company and prints its id.',
  usage: [
    '--company <id> --email <e-mail> --country <code> --company-name <name> [--activity <text>]',
    '  --company <id>          the company’s id',
    '  --email <e-mail>        the operator’s e-mail',
    '  --country <code>        the operator’s ISO 3166-1 alpha-2 country code',
    '  --company-name <name>   the operator’s own business',
    '  --activity <text>       what they do with the company’s products: repairer, recycler, supplier…',
  ].join('\n'),
  options: {
    company: { type: 'string' },
    email: { type: 'string' },
    country: { type: 'string' },
    'company-name': { type: 'string' },
    activity: { type: 'string' },
  },
  positionals: [],
  async run({ values }, io) {
    const { addOperator, addOperatorInput } = await import('./use-cases/add-operator');
    const input = parseInput(addOperatorInput, {
      company_id: ['--company', values.company],
      email: ['--email', values.email],
      country_code: ['--country', values.country],
      company_name: ['--company-name', values['company-name']],
      activity: ['--activity', values.activity],
    });
    io.out((await addOperator(input)).id);
  },
};
