import { type Command, parseInput } from './command';

export const companyCreate: Command = {
  name: 'company create',
  summary: 'Creates a company (a tenant) and prints its id.',
  usage: [
    '--name <name> --country <code>',
    '  --name <name>       the company’s name, 1-200 characters',
    '  --country <code>    ISO 3166-1 alpha-2 country code: IT, DE, FR…',
  ].join('\n'),
  options: { name: { type: 'string' }, country: { type: 'string' } },
  positionals: [],
  async run({ values }, io) {
    const { createCompany, createCompanyInput } = await import('./use-cases/create-company');
    const input = parseInput(createCompanyInput, {
      name: ['--name', values.name],
      country_code: ['--country', values.country],
    });
    io.out((await createCompany(input)).id);
  },
};

export const companyShow: Command = {
  name: 'company show',
  summary: 'Prints a company as JSON: its fields, KYB status, plan, seats, users, partners, API key count.',
  usage: '<id>\n  <id>    the company’s id',
  options: {},
  positionals: ['<id>'],
  async run({ positionals }, io) {
    const { showCompany, showCompanyInput } = await import('./use-cases/show-company');
    const input = parseInput(showCompanyInput, { company_id: ['<id>', positionals[0]] });
    io.out(JSON.stringify(await showCompany(input), null, 2));
  },
};

export const companyCease: Command = {
  name: 'company cease',
  summary:
    'On the back-up copy: records that the company (the economic operator) has ceased, which opens its passports’ ' +
    'legitimate-interest parts to every reader there (EN 18221; docs/deploy.md, When the operator ceases).',
  usage: [
    '<id> (target the back-up: --local-dir .local/backup, or --stack <the back-up’s stack>)',
    '  <id>    the company’s id',
  ].join('\n'),
  options: {},
  positionals: ['<id>'],
  async run({ positionals }, io) {
    const { ceaseOperator, ceaseOperatorInput } = await import('./use-cases/cease-operator');
    const input = parseInput(ceaseOperatorInput, { company_id: ['<id>', positionals[0]] });
    io.out(JSON.stringify(await ceaseOperator(input)));
  },
};
