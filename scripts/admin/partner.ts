import { type Command, parseInput } from './command';

export const partnerAdd: Command = {
  name: 'partner add',
  summary: 'Makes two companies partners: each sees the other’s DPPs in related-DPP searches. Idempotent.',
  usage: '<companyA> <companyB>\n  <companyA> <companyB>   the two companies’ ids',
  options: {},
  positionals: ['<companyA>', '<companyB>'],
  async run({ positionals }, io) {
    const { addPartner, addPartnerInput } = await import('./use-cases/add-partner');
    const input = parseInput(addPartnerInput, {
      company_id: ['<companyA>', positionals[0]],
      partner_id: ['<companyB>', positionals[1]],
    });
    const { created } = await addPartner(input);
    io.out(`${created ? 'partners' : 'partners already'}: ${input.company_id} ${input.partner_id}`);
  },
};
