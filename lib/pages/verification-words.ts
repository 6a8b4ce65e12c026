import { esc } from './html';

/**
 * A version's state in plain words on the passport page: notarized or not, anchored or not,
 * and what its last verification found (stored by the verification route, never computed
 * here: the page reads no chain). Per language like lib/pages/labels.ts; a language not here
 * shows them in English, marked `lang="en"`.
 */
export interface VersionState {
  status?: 'PENDING' | 'ANCHORED' | 'FAILED';
  /** The last verification of its anchored notarization, when there is one about its transaction. */
  verification?: {
    valid: boolean;
    failedCheck?: string;
    checkedAt: string;
    chainId: string;
    block?: number;
    confirmations?: number;
  };
}

interface Words {
  notNotarized: string;
  pending: string;
  anchorFailed: string;
  unchecked: string;
  /** `{chain}`, `{block}`, `{confirmations}`, `{date}`. */
  verified: string;
  failed: string;
  /** `{date}`. */
  checked: string;
  /** One sentence per failing check (lib/verification/checks.ts). */
  checks: Record<string, string>;
  unknownCheck: string;
  /** `{id}`. */
  chain: string;
  /** `{n}`: the link to the live verification. */
  link: string;
  current: string;
}

const en: Words = {
  notNotarized: 'Not notarized: this version’s fingerprint is not recorded on a blockchain.',
  pending: 'Not yet anchored: its fingerprint is waiting to be recorded on the blockchain.',
  anchorFailed: 'Not anchored: recording its fingerprint on the blockchain failed.',
  unchecked: 'Anchored on the blockchain, not checked yet.',
  verified:
    'Verified: this version’s content matches the fingerprint recorded on {chain} in block {block} (confirmations: {confirmations}), checked {date}.',
  failed: 'Verification failed:',
  checked: 'Checked {date}.',
  checks: {
    document_hash: 'the stored document no longer matches its fingerprint.',
    notarization: 'the version has no notarization.',
    report_hash: 'the stored notarization report no longer matches what was signed.',
    signature: 'the signature is not that of the person who submitted the version.',
    submitter_wallet: 'the signer’s wallet did not belong to the manufacturer.',
    anchor_transaction: 'the blockchain transaction is missing or not confirmed.',
    anchor_input: 'the blockchain transaction does not record this version’s fingerprint.',
    chain_id: 'the transaction is not on the expected blockchain.',
    credential: 'the credential is not signed by its issuer.',
  },
  unknownCheck: 'a check did not pass.',
  chain: 'chain {id}',
  link: 'Check version {n} now (JSON)',
  current: 'current version',
};

const it: Words = {
  notNotarized: 'Non notarizzata: l’impronta di questa versione non è registrata su una blockchain.',
  pending: 'Non ancora registrata: la sua impronta è in attesa di essere scritta sulla blockchain.',
  anchorFailed: 'Non registrata: la scrittura della sua impronta sulla blockchain non è riuscita.',
  unchecked: 'Registrata sulla blockchain, non ancora verificata.',
  verified:
    'Verificata: il contenuto di questa versione corrisponde all’impronta registrata su {chain} nel blocco {block} (conferme: {confirmations}), verificata il {date}.',
  failed: 'Verifica non riuscita:',
  checked: 'Verificata il {date}.',
  checks: {
    document_hash: 'il documento conservato non corrisponde più alla sua impronta.',
    notarization: 'la versione non è notarizzata.',
    report_hash: 'il rapporto di notarizzazione conservato non corrisponde più a ciò che è stato firmato.',
    signature: 'la firma non è di chi ha presentato la versione.',
    submitter_wallet: 'il portafoglio del firmatario non apparteneva al produttore.',
    anchor_transaction: 'la transazione sulla blockchain manca o non è confermata.',
    anchor_input: 'la transazione sulla blockchain non registra l’impronta di questa versione.',
    chain_id: 'la transazione non è sulla blockchain prevista.',
    credential: 'la credenziale non è firmata dal suo emittente.',
  },
  unknownCheck: 'un controllo non è stato superato.',
  chain: 'la catena {id}',
  link: 'Verifica ora la versione {n} (JSON)',
  current: 'versione attuale',
};

const fr: Words = {
  notNotarized: 'Non notarisée : l’empreinte de cette version n’est inscrite sur aucune blockchain.',
  pending: 'Pas encore ancrée : son empreinte attend d’être inscrite sur la blockchain.',
  anchorFailed: 'Non ancrée : l’inscription de son empreinte sur la blockchain a échoué.',
  unchecked: 'Ancrée sur la blockchain, pas encore vérifiée.',
  verified:
    'Vérifiée : le contenu de cette version correspond à l’empreinte inscrite sur {chain} dans le bloc {block} (confirmations : {confirmations}), vérifiée le {date}.',
  failed: 'Échec de la vérification :',
  checked: 'Vérifiée le {date}.',
  checks: {
    document_hash: 'le document conservé ne correspond plus à son empreinte.',
    notarization: 'la version n’est pas notarisée.',
    report_hash: 'le rapport de notarisation conservé ne correspond plus à ce qui a été signé.',
    signature: 'la signature n’est pas celle de la personne qui a soumis la version.',
    submitter_wallet: 'le portefeuille du signataire n’appartenait pas au fabricant.',
    anchor_transaction: 'la transaction sur la blockchain est absente ou non confirmée.',
    anchor_input: 'la transaction sur la blockchain n’inscrit pas l’empreinte de cette version.',
    chain_id: 'la transaction n’est pas sur la blockchain attendue.',
    credential: 'l’attestation n’est pas signée par son émetteur.',
  },
  unknownCheck: 'un contrôle n’a pas réussi.',
  chain: 'la chaîne {id}',
  link: 'Vérifier la version {n} maintenant (JSON)',
  current: 'version actuelle',
};

const de: Words = {
  notNotarized: 'Nicht notarisiert: Der Fingerabdruck dieser Version ist auf keiner Blockchain verzeichnet.',
  pending: 'Noch nicht verankert: Sein Fingerabdruck wartet darauf, auf der Blockchain verzeichnet zu werden.',
  anchorFailed: 'Nicht verankert: Das Verzeichnen des Fingerabdrucks auf der Blockchain ist fehlgeschlagen.',
  unchecked: 'Auf der Blockchain verankert, noch nicht geprüft.',
  verified:
    'Geprüft: Der Inhalt dieser Version stimmt mit dem Fingerabdruck überein, der auf {chain} in Block {block} verzeichnet ist (Bestätigungen: {confirmations}), geprüft am {date}.',
  failed: 'Prüfung fehlgeschlagen:',
  checked: 'Geprüft am {date}.',
  checks: {
    document_hash: 'Das gespeicherte Dokument stimmt nicht mehr mit seinem Fingerabdruck überein.',
    notarization: 'Die Version ist nicht notarisiert.',
    report_hash: 'Der gespeicherte Notarisierungsbericht stimmt nicht mehr mit dem Unterschriebenen überein.',
    signature: 'Die Signatur stammt nicht von der Person, die die Version eingereicht hat.',
    submitter_wallet: 'Die Wallet des Unterzeichners gehörte nicht dem Hersteller.',
    anchor_transaction: 'Die Blockchain-Transaktion fehlt oder ist nicht bestätigt.',
    anchor_input: 'Die Blockchain-Transaktion verzeichnet nicht den Fingerabdruck dieser Version.',
    chain_id: 'Die Transaktion liegt nicht auf der erwarteten Blockchain.',
    credential: 'Der Nachweis ist nicht von seinem Aussteller signiert.',
  },
  unknownCheck: 'Eine Prüfung ist fehlgeschlagen.',
  chain: 'Chain {id}',
  link: 'Version {n} jetzt prüfen (JSON)',
  current: 'aktuelle Version',
};

const es: Words = {
  notNotarized: 'No notarizada: la huella de esta versión no está registrada en ninguna blockchain.',
  pending: 'Aún no anclada: su huella está a la espera de registrarse en la blockchain.',
  anchorFailed: 'No anclada: el registro de su huella en la blockchain falló.',
  unchecked: 'Anclada en la blockchain, aún no comprobada.',
  verified:
    'Verificada: el contenido de esta versión coincide con la huella registrada en {chain} en el bloque {block} (confirmaciones: {confirmations}), comprobada el {date}.',
  failed: 'La verificación falló:',
  checked: 'Comprobada el {date}.',
  checks: {
    document_hash: 'el documento almacenado ya no coincide con su huella.',
    notarization: 'la versión no está notarizada.',
    report_hash: 'el informe de notarización almacenado ya no coincide con lo que se firmó.',
    signature: 'la firma no es de la persona que presentó la versión.',
    submitter_wallet: 'la cartera del firmante no pertenecía al fabricante.',
    anchor_transaction: 'la transacción en la blockchain falta o no está confirmada.',
    anchor_input: 'la transacción en la blockchain no registra la huella de esta versión.',
    chain_id: 'la transacción no está en la blockchain prevista.',
    credential: 'la credencial no está firmada por su emisor.',
  },
  unknownCheck: 'una comprobación no se superó.',
  chain: 'la cadena {id}',
  link: 'Comprobar ahora la versión {n} (JSON)',
  current: 'versión actual',
};

const WORDS: Readonly<Record<string, Words>> = { en, it, fr, de, es };

/** Chains known by name; any other is `chain <id>` in the reader's language. */
const CHAINS: Readonly<Record<string, string>> = {
  '1': 'Ethereum',
  '10': 'OP Mainnet',
  '137': 'Polygon',
  '8453': 'Base',
  '17000': 'Holesky',
  '42161': 'Arbitrum One',
  '80002': 'Polygon Amoy',
  '84532': 'Base Sepolia',
  '560048': 'Hoodi',
  '11155111': 'Sepolia',
  '31337': 'Anvil',
};

/** The words in `lang`, or English, and the attribute marking English on a page of another language. */
export function stateWords(lang: string): { words: Words; mark: string } {
  const own = WORDS[lang];
  return own ? { words: own, mark: '' } : { words: en, mark: ' lang="en"' };
}

const fill = (text: string, values: Record<string, string>): string =>
  esc(text).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * One version's state as one sentence (HTML, in a `<strong>` where it is a verdict): the
 * verdict is in the words themselves, never in a colour. `date` formats a timestamp as the page does.
 */
export function stateSentence(state: VersionState, lang: string, date: (iso: string) => string): string {
  const { words } = stateWords(lang);
  if (!state.status) return esc(words.notNotarized);
  if (state.status === 'PENDING') return esc(words.pending);
  if (state.status === 'FAILED') return esc(words.anchorFailed);
  const checked = state.verification;
  if (!checked) return esc(words.unchecked);
  const when = date(checked.checkedAt);
  if (checked.valid) {
    const [verdict, rest] = splitVerdict(
      fill(words.verified, {
        chain: esc(CHAINS[checked.chainId] ?? words.chain.replace('{id}', checked.chainId)),
        block: String(checked.block ?? '?'),
        confirmations: String(checked.confirmations ?? '?'),
        date: when,
      }),
    );
    return `<strong>${verdict}</strong>${rest}`;
  }
  const reason = (checked.failedCheck && words.checks[checked.failedCheck]) || words.unknownCheck;
  return `<strong>${esc(words.failed)}</strong> ${esc(reason)} ${fill(words.checked, { date: when })}`;
}

/** `Verified:` and what follows it. */
function splitVerdict(sentence: string): [string, string] {
  const at = sentence.indexOf(':');
  return at < 0 ? [sentence, ''] : [sentence.slice(0, at + 1), sentence.slice(at + 1)];
}
