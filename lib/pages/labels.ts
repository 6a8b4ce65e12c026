/**
 * The words of the pages themselves (headings, labels, the hash explanation), per language.
 * A passport in a language not here shows them in English, marked `lang="en"` (lib/pages/passport-page.ts).
 */
export interface Labels {
  passport: string;
  languages: string;
  company: string;
  identifiers: string;
  gtin: string;
  serial: string;
  /** The passport's identifier in the EU DPP registry. */
  registration: string;
  images: string;
  imageOf: string;
  techData: string;
  documents: string;
  download: string;
  history: string;
  noVersions: string;
  version: string;
  date: string;
  notarization: string;
  notNotarized: string;
  pending: string;
  anchored: string;
  failed: string;
  transaction: string;
  document: string;
  olderVersions: string;
  checkTitle: string;
  /** The hash explanation: `{doc}` is a version document's address. */
  checkText: string;
  checkChain: string;
  json: string;
  privacy: string;
  /** The marks of a part above `public`, shown on a grant's page. */
  restrictedLegitimateInterest: string;
  restrictedAuthority: string;
  /** The notice of a page asked with an access link that opens nothing any more. */
  accessInvalid: string;
  notFoundTitle: string;
  notFoundText: string;
  badRequestTitle: string;
  badRequestText: string;
  errorTitle: string;
  errorText: string;
  /** A profiled passport (docs/profiles.md): its category, whether it is complete, its lifecycle. */
  category: string;
  completeness: string;
  complete: string;
  incomplete: string;
  yes: string;
  no: string;
  /** The notice of a passport that ceased (its product was recycled): `{date}` is when. */
  ceased: string;
  replaces: string;
  replacedBy: string;
}

const en: Labels = {
  passport: 'Digital product passport',
  languages: 'Languages',
  company: 'Manufacturer',
  identifiers: 'Product identifiers',
  gtin: 'GTIN',
  serial: 'Serial number',
  registration: 'EU registry identifier',
  images: 'Images',
  imageOf: 'Image of',
  techData: 'Technical data',
  documents: 'Documents',
  download: 'Download',
  history: 'Version history',
  noVersions: 'No version has been published yet.',
  version: 'Version',
  date: 'Date',
  notarization: 'Notarization',
  notNotarized: 'Not notarized',
  pending: 'Pending on the blockchain',
  anchored: 'Anchored on the blockchain',
  failed: 'Anchoring failed',
  transaction: 'Transaction',
  document: 'Version document',
  olderVersions: 'Older versions',
  checkTitle: 'How to check a version yourself',
  checkText:
    'Each version is a document frozen when it was published. Its SHA-256 fingerprint is shown above. Download the document and compute its fingerprint: if it matches, the document is exactly the one that was published. On a computer, for example:',
  checkChain:
    'For a notarized version, the same fingerprint is written in a public blockchain transaction: open the transaction and compare.',
  json: 'This passport as data (JSON)',
  privacy: 'This page sets no cookies and loads nothing from other sites.',
  restrictedLegitimateInterest: 'Restricted: legitimate interest',
  restrictedAuthority: 'Restricted: authorities',
  accessInvalid:
    'This access link is no longer valid (it was revoked, it expired, or it is wrong). You are seeing the public passport only.',
  notFoundTitle: 'Passport not found',
  notFoundText: 'There is no public passport at this address. Check the code you scanned or the link you followed.',
  badRequestTitle: 'This address is not valid',
  badRequestText: 'The address is malformed or incomplete. Check the code you scanned or the link you followed.',
  errorTitle: 'Something went wrong',
  errorText: 'The passport could not be shown right now. Please try again in a moment.',
  category: 'Category',
  completeness: 'Completeness',
  complete: 'Complete: every mandatory attribute is given',
  incomplete: 'Incomplete: some mandatory attributes are missing',
  yes: 'Yes',
  no: 'No',
  ceased: 'This passport has ceased ({date}): its product was recycled. It stays readable as a record.',
  replaces: 'Replaces the passport',
  replacedBy: 'Replaced by the passport',
};

const it: Labels = {
  passport: 'Passaporto digitale del prodotto',
  languages: 'Lingue',
  company: 'Produttore',
  identifiers: 'Identificativi del prodotto',
  gtin: 'GTIN',
  serial: 'Numero di serie',
  registration: 'Identificativo nel registro UE',
  images: 'Immagini',
  imageOf: 'Immagine di',
  techData: 'Dati tecnici',
  documents: 'Documenti',
  download: 'Scarica',
  history: 'Storico delle versioni',
  noVersions: 'Non è stata ancora pubblicata alcuna versione.',
  version: 'Versione',
  date: 'Data',
  notarization: 'Notarizzazione',
  notNotarized: 'Non notarizzata',
  pending: 'In attesa sulla blockchain',
  anchored: 'Registrata sulla blockchain',
  failed: 'Registrazione non riuscita',
  transaction: 'Transazione',
  document: 'Documento della versione',
  olderVersions: 'Versioni precedenti',
  checkTitle: 'Come verificare una versione da sé',
  checkText:
    'Ogni versione è un documento congelato al momento della pubblicazione. La sua impronta SHA-256 è indicata sopra. Scarica il documento e calcolane l’impronta: se coincide, il documento è esattamente quello pubblicato. Su un computer, per esempio:',
  checkChain:
    'Per una versione notarizzata, la stessa impronta è scritta in una transazione pubblica sulla blockchain: apri la transazione e confronta.',
  json: 'Questo passaporto come dati (JSON)',
  privacy: 'Questa pagina non imposta cookie e non carica nulla da altri siti.',
  restrictedLegitimateInterest: 'Riservato: interesse legittimo',
  restrictedAuthority: 'Riservato: autorità',
  accessInvalid:
    'Questo link di accesso non è più valido (è stato revocato, è scaduto o è errato). Stai vedendo solo il passaporto pubblico.',
  notFoundTitle: 'Passaporto non trovato',
  notFoundText:
    'A questo indirizzo non c’è un passaporto pubblico. Controlla il codice scansionato o il link che hai seguito.',
  badRequestTitle: 'Questo indirizzo non è valido',
  badRequestText: 'L’indirizzo è malformato o incompleto. Controlla il codice scansionato o il link che hai seguito.',
  errorTitle: 'Qualcosa è andato storto',
  errorText: 'Il passaporto non può essere mostrato ora. Riprova tra poco.',
  category: 'Categoria',
  completeness: 'Completezza',
  complete: 'Completo: tutti gli attributi obbligatori sono presenti',
  incomplete: 'Incompleto: mancano alcuni attributi obbligatori',
  yes: 'Sì',
  no: 'No',
  ceased: 'Questo passaporto è cessato ({date}): il prodotto è stato riciclato. Resta consultabile come documento.',
  replaces: 'Sostituisce il passaporto',
  replacedBy: 'Sostituito dal passaporto',
};

const fr: Labels = {
  passport: 'Passeport numérique du produit',
  languages: 'Langues',
  company: 'Fabricant',
  identifiers: 'Identifiants du produit',
  gtin: 'GTIN',
  serial: 'Numéro de série',
  registration: 'Identifiant au registre de l’UE',
  images: 'Images',
  imageOf: 'Image de',
  techData: 'Données techniques',
  documents: 'Documents',
  download: 'Télécharger',
  history: 'Historique des versions',
  noVersions: 'Aucune version n’a encore été publiée.',
  version: 'Version',
  date: 'Date',
  notarization: 'Notarisation',
  notNotarized: 'Non notarisée',
  pending: 'En attente sur la blockchain',
  anchored: 'Ancrée sur la blockchain',
  failed: 'Ancrage échoué',
  transaction: 'Transaction',
  document: 'Document de la version',
  olderVersions: 'Versions plus anciennes',
  checkTitle: 'Vérifier une version vous-même',
  checkText:
    'Chaque version est un document figé au moment de sa publication. Son empreinte SHA-256 est indiquée ci-dessus. Téléchargez le document et calculez son empreinte : si elle correspond, le document est exactement celui qui a été publié. Sur un ordinateur, par exemple :',
  checkChain:
    'Pour une version notarisée, la même empreinte est inscrite dans une transaction publique de la blockchain : ouvrez la transaction et comparez.',
  json: 'Ce passeport en données (JSON)',
  privacy: 'Cette page ne dépose aucun cookie et ne charge rien depuis d’autres sites.',
  restrictedLegitimateInterest: 'Restreint : intérêt légitime',
  restrictedAuthority: 'Restreint : autorités',
  accessInvalid:
    'Ce lien d’accès n’est plus valide (il a été révoqué, il a expiré ou il est erroné). Vous voyez uniquement le passeport public.',
  notFoundTitle: 'Passeport introuvable',
  notFoundText: 'Il n’y a pas de passeport public à cette adresse. Vérifiez le code scanné ou le lien suivi.',
  badRequestTitle: 'Cette adresse n’est pas valide',
  badRequestText: 'L’adresse est mal formée ou incomplète. Vérifiez le code scanné ou le lien suivi.',
  errorTitle: 'Une erreur est survenue',
  errorText: 'Le passeport ne peut pas être affiché pour le moment. Réessayez dans un instant.',
  category: 'Catégorie',
  completeness: 'Complétude',
  complete: 'Complet : tous les attributs obligatoires sont renseignés',
  incomplete: 'Incomplet : des attributs obligatoires manquent',
  yes: 'Oui',
  no: 'Non',
  ceased: 'Ce passeport a cessé ({date}) : son produit a été recyclé. Il reste consultable comme trace.',
  replaces: 'Remplace le passeport',
  replacedBy: 'Remplacé par le passeport',
};

const de: Labels = {
  passport: 'Digitaler Produktpass',
  languages: 'Sprachen',
  company: 'Hersteller',
  identifiers: 'Produktkennungen',
  gtin: 'GTIN',
  serial: 'Seriennummer',
  registration: 'Kennung im EU-Register',
  images: 'Bilder',
  imageOf: 'Bild von',
  techData: 'Technische Daten',
  documents: 'Dokumente',
  download: 'Herunterladen',
  history: 'Versionsverlauf',
  noVersions: 'Es wurde noch keine Version veröffentlicht.',
  version: 'Version',
  date: 'Datum',
  notarization: 'Notarisierung',
  notNotarized: 'Nicht notarisiert',
  pending: 'Ausstehend auf der Blockchain',
  anchored: 'Auf der Blockchain verankert',
  failed: 'Verankerung fehlgeschlagen',
  transaction: 'Transaktion',
  document: 'Versionsdokument',
  olderVersions: 'Ältere Versionen',
  checkTitle: 'Eine Version selbst prüfen',
  checkText:
    'Jede Version ist ein Dokument, das bei der Veröffentlichung eingefroren wurde. Sein SHA-256-Fingerabdruck steht oben. Laden Sie das Dokument herunter und berechnen Sie den Fingerabdruck: Stimmt er überein, ist es genau das veröffentlichte Dokument. Auf einem Computer zum Beispiel:',
  checkChain:
    'Bei einer notarisierten Version steht derselbe Fingerabdruck in einer öffentlichen Blockchain-Transaktion: Öffnen Sie die Transaktion und vergleichen Sie.',
  json: 'Dieser Pass als Daten (JSON)',
  privacy: 'Diese Seite setzt keine Cookies und lädt nichts von anderen Websites.',
  restrictedLegitimateInterest: 'Eingeschränkt: berechtigtes Interesse',
  restrictedAuthority: 'Eingeschränkt: Behörden',
  accessInvalid:
    'Dieser Zugangslink ist nicht mehr gültig (er wurde widerrufen, ist abgelaufen oder ist falsch). Sie sehen nur den öffentlichen Pass.',
  notFoundTitle: 'Pass nicht gefunden',
  notFoundText: 'Unter dieser Adresse gibt es keinen öffentlichen Pass. Prüfen Sie den gescannten Code oder den Link.',
  badRequestTitle: 'Diese Adresse ist ungültig',
  badRequestText: 'Die Adresse ist fehlerhaft oder unvollständig. Prüfen Sie den gescannten Code oder den Link.',
  errorTitle: 'Etwas ist schiefgelaufen',
  errorText: 'Der Pass kann gerade nicht angezeigt werden. Bitte versuchen Sie es gleich noch einmal.',
  category: 'Kategorie',
  completeness: 'Vollständigkeit',
  complete: 'Vollständig: alle Pflichtattribute sind angegeben',
  incomplete: 'Unvollständig: einige Pflichtattribute fehlen',
  yes: 'Ja',
  no: 'Nein',
  ceased: 'Dieser Pass ist erloschen ({date}): sein Produkt wurde recycelt. Er bleibt als Nachweis lesbar.',
  replaces: 'Ersetzt den Pass',
  replacedBy: 'Ersetzt durch den Pass',
};

const es: Labels = {
  passport: 'Pasaporte digital del producto',
  languages: 'Idiomas',
  company: 'Fabricante',
  identifiers: 'Identificadores del producto',
  gtin: 'GTIN',
  serial: 'Número de serie',
  registration: 'Identificador en el registro de la UE',
  images: 'Imágenes',
  imageOf: 'Imagen de',
  techData: 'Datos técnicos',
  documents: 'Documentos',
  download: 'Descargar',
  history: 'Historial de versiones',
  noVersions: 'Todavía no se ha publicado ninguna versión.',
  version: 'Versión',
  date: 'Fecha',
  notarization: 'Notarización',
  notNotarized: 'No notarizada',
  pending: 'Pendiente en la blockchain',
  anchored: 'Anclada en la blockchain',
  failed: 'El anclaje falló',
  transaction: 'Transacción',
  document: 'Documento de la versión',
  olderVersions: 'Versiones anteriores',
  checkTitle: 'Cómo comprobar una versión usted mismo',
  checkText:
    'Cada versión es un documento congelado al publicarse. Su huella SHA-256 aparece arriba. Descargue el documento y calcule su huella: si coincide, el documento es exactamente el publicado. En un ordenador, por ejemplo:',
  checkChain:
    'En una versión notarizada, la misma huella está escrita en una transacción pública de la blockchain: abra la transacción y compare.',
  json: 'Este pasaporte como datos (JSON)',
  privacy: 'Esta página no usa cookies y no carga nada de otros sitios.',
  restrictedLegitimateInterest: 'Restringido: interés legítimo',
  restrictedAuthority: 'Restringido: autoridades',
  accessInvalid:
    'Este enlace de acceso ya no es válido (fue revocado, caducó o es incorrecto). Está viendo solo el pasaporte público.',
  notFoundTitle: 'Pasaporte no encontrado',
  notFoundText: 'No hay ningún pasaporte público en esta dirección. Compruebe el código escaneado o el enlace.',
  badRequestTitle: 'Esta dirección no es válida',
  badRequestText: 'La dirección está mal formada o incompleta. Compruebe el código escaneado o el enlace.',
  errorTitle: 'Algo salió mal',
  errorText: 'El pasaporte no se puede mostrar ahora. Inténtelo de nuevo en un momento.',
  category: 'Categoría',
  completeness: 'Integridad',
  complete: 'Completo: todos los atributos obligatorios están presentes',
  incomplete: 'Incompleto: faltan atributos obligatorios',
  yes: 'Sí',
  no: 'No',
  ceased: 'Este pasaporte ha cesado ({date}): su producto fue reciclado. Sigue disponible como registro.',
  replaces: 'Sustituye al pasaporte',
  replacedBy: 'Sustituido por el pasaporte',
};

const LABELS: Readonly<Record<string, Labels>> = { en, it, fr, de, es };

/** The languages the pages' own words exist in. */
export const PAGE_LANGUAGES = Object.keys(LABELS);

/** The page's words in `language`, or in English (`lang` says which). */
export function labelsFor(language: string): { lang: string; labels: Labels } {
  const labels = LABELS[language];
  return labels ? { lang: language, labels } : { lang: 'en', labels: en };
}
