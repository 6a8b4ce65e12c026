/**
 * The layers of this service, checked by `npm run boundaries` (dependency-cruiser) and by
 * test/scripts/boundaries.test.ts. README.md, "Architecture", says what each folder is for;
 * these rules keep the arrows between them pointing one way.
 *
 * `npm run boundaries` cruises lib, functions, scripts and infra. Paths are relative to the
 * repository root. Type-only imports count as dependencies too
 * (`tsPreCompilationDeps: true`): `import type { HttpResponse } from '../http/response'`
 * in a domain module ties it to the HTTP layer as firmly as a value import does, even if
 * the compiler erases it.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'functions-only-lib',
      comment:
        'A handler in functions/ is an adapter over lib/: it names its route, calls one lib/ function ' +
        'and returns. Everything else it would need (an npm package, a node builtin, another handler) ' +
        'belongs in lib/, where it is tested once and shared. Move the code into lib/ and import that.',
      severity: 'error',
      from: { path: '^functions/' },
      to: { pathNot: '^lib/' },
    },
    {
      name: 'not-to-http-composition',
      comment:
        'lib/http/ is the top floor: it composes the request (Middy, auth, body parsing, validation, ' +
        'errors to statuses). Domain modules and the contract (lib/api/) stand below it and must not ' +
        'reach up: throw the domain errors of lib/errors.ts and let the route row map them to a status; ' +
        'shared field rules live in lib/schemas.ts.',
      severity: 'error',
      from: { path: '^lib/', pathNot: '^lib/http/' },
      to: { path: '^lib/http/' },
    },
    {
      name: 'aws-sdk-only-in-lib-aws',
      comment:
        'Only lib/aws/ imports the AWS SDK (@aws-sdk/*, @smithy/*): one module per client, so a function ' +
        'bundles only the clients it uses and SDK failures are recognised in one place. Add the operation ' +
        'you need to the lib/aws/ module of that client. (infra/, scripts/ and test/ are not checked: ' +
        'the CDK app, the local engines and the tests use the SDK directly.)',
      severity: 'error',
      from: { path: '^(lib|functions)/', pathNot: '^lib/aws/' },
      // `(^|/)` so both a resolved `node_modules/@aws-sdk/...` and an unresolved `@aws-sdk/...` match.
      to: { path: '(^|/)(@aws-sdk|@smithy|aws-sdk)(/|$)' },
    },
    {
      name: 'runtime-not-to-infra-scripts-test',
      comment:
        'lib/ and functions/ are what runs in Lambda. infra/ (the CDK stack, the local server), scripts/ ' +
        'and test/ build, run or check that code, so they import it, never the other way round. If infra/ ' +
        'holds something lib/ needs (a route row, a table name), it belongs in lib/ and infra/ imports it.',
      severity: 'error',
      from: { path: '^(lib|functions)/' },
      to: { path: '^(infra|scripts|test)/' },
    },
    {
      name: 'no-circular-in-lib',
      comment:
        'A cycle in lib/ means two modules are really one, or a third module is missing: module ' +
        'initialisation order starts to matter and neither can be understood or tested alone. Break it ' +
        'by moving what both need into a module both import.',
      severity: 'error',
      from: { path: '^lib/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle-in-lib',
      comment:
        'The folders of lib/ form layers: a folder may import the folders below it, never one that imports ' +
        'it back, even through others (two workers importing the route contract once tied twenty folders ' +
        'into one). A folder holds its subfolders (lib/companies/kyb is part of lib/companies), so an ' +
        'aggregate is free inside. Move what both folders need into the lower one, or below the domain ' +
        '(the modules at the root of lib/).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^lib/' },
      to: { circular: true },
    },
    {
      name: 'domain-not-to-contract',
      comment:
        'lib/api/ (the route rows, OpenAPI) describes the domain to the outside; the domain folders, the ' +
        'workers and the adapters stand below it and never import it, so a worker does not bundle the ' +
        'contract. What they share with it lives below the domain: the grants a function needs are ' +
        'lib/access.ts, the errors lib/errors.ts, the field rules lib/schemas.ts.',
      severity: 'error',
      from: { path: '^lib/', pathNot: '^lib/(api|http)/' },
      to: { path: '^lib/api/' },
    },
    {
      name: 'aws-not-to-domain',
      comment:
        'lib/aws/ holds the adapters of the AWS clients: they know the SDK and nothing of the domain, so the ' +
        'domain can be read, tested and bundled without them. An adapter imports only lib/aws/ and the ' +
        'modules at the root of lib/ (config, errors, a port such as lib/translator.ts that it implements).',
      severity: 'error',
      from: { path: '^lib/aws/' },
      to: { path: '^lib/', pathNot: ['^lib/aws/', '^lib/[^/]+$'] },
    },
    {
      name: 'lib-root-is-the-floor',
      comment:
        'The modules at the root of lib/ (config, errors, schemas, access, translator, logger, ...) are what ' +
        'every folder stands on, so they import no folder of lib/: one that did would tie that folder to all ' +
        'the others. Put a module that needs a folder in that folder.',
      severity: 'error',
      from: { path: '^lib/[^/]+$' },
      to: { path: '^lib/[^/]+/' },
    },
    {
      name: 'scripts-only-local-index',
      comment:
        'infra/local/ is the local stack; what scripts/ (the admin CLI, the bench, npm run events and sign) ' +
        'may use of it is infra/local/index.ts, its public module. Anything else is its internals, free to ' +
        'change: export what a script needs from index.ts (lazily, if it is heavy) and import that.',
      severity: 'error',
      from: { path: '^(scripts|tools)/' },
      to: { path: '^infra/local/', pathNot: '^infra/local/index\\.ts$' },
    },
  ],
  options: {
    // Record that a package is imported (for the rules above), but do not analyse the package.
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
