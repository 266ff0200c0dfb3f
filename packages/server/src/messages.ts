import { type AuditHeadsetState, type AuditKind, type DeviceCommand, isolateBidi } from '@portal/domain';

/**
 * Every German text the server answers with, in one place (the portal's voice: formal 'Sie', short, says what happened
 * and what to do), and the password-reset mail. Texts a client may word itself also have an error `code` (errors.ts).
 */

/** The most items of a list (ids, names) an answer names; the rest are counted ('und 180 weitere'). */
export const LISTED_ITEMS = 10;

export const listed = (items: readonly (string | number)[]) =>
  items.length <= LISTED_ITEMS
    ? items.join(', ')
    : `${items.slice(0, LISTED_ITEMS).join(', ')} und ${items.length - LISTED_ITEMS} weitere`;

/**
 * A name people gave (an organisation, a playlist, a headset, a group) inside a sentence, quoted and isolated: clients
 * show these texts as they come, and an override in the name must not reverse the words after it.
 */
const named = (name: string) => `„${isolateBidi(name)}“`;

/** Seconds as the whole minutes (rounded up, at least 1) that answers asking to wait name. */
export const wholeMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** 'einer Minute' / '15 Minuten', for answers that ask to wait. */
const inMinutes = (minutes: number) => (minutes === 1 ? 'einer Minute' : `${minutes} Minuten`);

export const MESSAGES = {
  request: {
    notFound: 'Nicht gefunden.',
    notImplemented: 'Diese Funktion ist noch nicht verfügbar.',
    malformedJson: 'Die Anfrage enthält kein gültiges JSON.',
    bodyNotObject: 'Die Anfrage muss ein JSON-Objekt enthalten.',
    unsupportedMediaType: (accepted: readonly string[]) =>
      `Dieses Format der Anfrage wird nicht unterstützt. Bitte senden Sie den Inhalt als ${accepted.join(' oder ')}.`,
    noBodyExpected: 'Diese Anfrage nimmt keinen Inhalt an. Bitte senden Sie sie ohne Inhalt.',
    bodyMissing: (accepted: readonly string[]) =>
      `Diese Anfrage braucht einen Inhalt. Bitte senden Sie ihn als ${accepted.join(' oder ')}.`,
    payloadTooLarge: 'Die Anfrage ist zu groß.',
    badRequest: 'Die Anfrage ist ungültig.',
    charsetNotUtf8: 'Bitte senden Sie den Inhalt in UTF-8 (charset=utf-8).',
    nestedTooDeep: (levels: number) =>
      `Die Anfrage ist zu tief verschachtelt: höchstens ${levels} Ebenen sind erlaubt.`,
    tooManyMembers: (members: number) =>
      `Die Anfrage enthält ein Objekt mit zu vielen Feldern: höchstens ${members} sind erlaubt. Bitte senden Sie nur die Felder, die diese Anfrage kennt.`,
    badUrl: 'Die Adresse der Anfrage ist ungültig.',
    uriTooLong: 'Die Adresse der Anfrage ist zu lang.',
    headersTooLarge: 'Die Kopfzeilen der Anfrage sind zu groß.',
    requestTimeout: 'Die Anfrage kam nicht rechtzeitig vollständig an. Bitte versuchen Sie es erneut.',
    methodNotAllowed: (allowed: readonly string[]) =>
      `Diese Methode ist für diese Adresse nicht erlaubt. Erlaubt sind: ${allowed.join(', ')}.`,
    internal: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    invalidPage: 'Ungültige Seite.',
    retryIn: (what: string, minutes: number) =>
      `${what} Bitte versuchen Sie es in ${inMinutes(minutes)} erneut.`,
    serverBusy: (seconds: number) =>
      `Der Server ist gerade stark ausgelastet. Bitte versuchen Sie es in ${seconds === 1 ? 'einer Sekunde' : `${seconds} Sekunden`} erneut.`,
    statementTimeout:
      'Die Anfrage hat zu lange gedauert und wurde abgebrochen. Bitte versuchen Sie es später erneut.',
  },

  /** Field errors of the contract's schema checks and of the server's own field rules. */
  field: {
    required: 'Dieses Feld ist erforderlich.',
    notAllowed: 'Dieses Feld ist nicht erlaubt.',
    unknownParameter: 'Diesen Parameter kennt diese Anfrage nicht.',
    blank: 'Dieses Feld darf nicht leer sein.',
    invisible:
      'Dieses Feld enthält nur unsichtbare Zeichen. Bitte geben Sie mindestens einen Buchstaben, eine Ziffer oder ein anderes sichtbares Zeichen ein.',
    unstorableCharacter:
      'Dieses Feld enthält ein Zeichen, das nicht gespeichert werden kann (ein NUL-Zeichen oder ein einzelnes UTF-16-Surrogat). Bitte entfernen Sie es.',
    text: 'Bitte geben Sie einen Text ein.',
    integer: 'Bitte geben Sie eine ganze Zahl ein.',
    number: 'Bitte geben Sie eine Zahl ein.',
    boolean: 'Bitte geben Sie true oder false an.',
    list: 'Bitte geben Sie eine Liste an.',
    object: 'Bitte geben Sie ein Objekt an.',
    wrongType: 'Der Wert hat den falschen Typ.',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    password:
      'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens eine Ziffer und einen Buchstaben enthalten.',
    fileName: 'Der Dateiname darf nur Buchstaben, Ziffern, Bindestrich, Unterstrich und Punkt enthalten.',
    packageName: 'Der Paketname muss wie de.example.vrlab aufgebaut sein.',
    version: 'Bitte geben Sie die Version als drei Zahlen mit Punkten an, z. B. 5.3.0.',
    url: 'Bitte geben Sie eine gültige URL ein.',
    uuid: 'Bitte geben Sie eine gültige UUID ein.',
    format: 'Der Wert hat kein gültiges Format.',
    invalid: 'Der Wert ist ungültig.',
    minLength: (limit: number) => `Dieses Feld muss mindestens ${limit} Zeichen lang sein.`,
    maxLength: (limit: number) => `Dieses Feld darf höchstens ${limit} Zeichen lang sein.`,
    minimum: (limit: number) => `Der Wert muss mindestens ${limit} sein.`,
    maximum: (limit: number) => `Der Wert darf höchstens ${limit} sein.`,
    minItems: (limit: number) => `Die Liste muss mindestens ${limit} Einträge enthalten.`,
    maxItems: (limit: number) => `Die Liste darf höchstens ${limit} Einträge enthalten.`,
    allowedValues: (values: readonly unknown[]) => `Ungültige Auswahl. Erlaubt sind: ${values.join(', ')}.`,
  },

  auth: {
    notAuthenticated: 'Sie sind nicht eingeloggt. Bitte melden Sie sich an.',
    tokenInvalid: 'Ihre Sitzung ist abgelaufen oder ungültig. Bitte melden Sie sich erneut an.',
    wrongCredentials: (remainingAttempts: number) =>
      `Anmeldung fehlgeschlagen. Bitte prüfen Sie die eingegebene E-Mail und Ihr Passwort. Noch ${remainingAttempts} ${remainingAttempts === 1 ? 'Versuch' : 'Versuche'}.`,
    /** Spec §8's toast, word for word, followed by when to try again (MESSAGES.request.retryIn). */
    loginLocked: 'Login gesperrt - Aus Sicherheitsgründen wurde der Login temporär gesperrt.',
    tooManyLogins: 'Von Ihrer Netzwerkadresse gab es zu viele fehlgeschlagene Anmeldeversuche.',
    refreshRejected: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    termsNotAccepted:
      'Bitte akzeptieren Sie zuerst die aktuellen Nutzungsbedingungen. Erst danach können Sie das Portal nutzen.',
    administratorsOnly: 'Begrenzter Zugriff - Dieser Bereich kann nur von Administratoren benutzt werden.',
    accountLocked:
      'Ihr Konto ist gesperrt. Bitte wenden Sie sich an die Administratoren Ihrer Organisation oder an den Support des Portals.',
  },

  users: {
    noTos: 'Es sind keine Nutzungsbedingungen veröffentlicht.',
    staffOnlyTerms: 'Nur Mitarbeitende des VR-Portals dürfen neue Nutzungsbedingungen veröffentlichen.',
    resetMailSent:
      'Wenn zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts geschickt.',
    tooManyResetMails: 'Zu viele Anfragen zum Zurücksetzen des Passworts.',
    resetDone: 'Ihr Passwort wurde geändert. Sie können sich jetzt mit dem neuen Passwort anmelden.',
    resetLinkInvalid:
      'Der Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.',
    emailTaken: 'Diese E-Mail-Adresse wird bereits verwendet.',
    emailOfSocialAccount:
      'Die E-Mail-Adresse von Konten mit Anmeldung über Antares wird dort verwaltet. Bitte ändern Sie sie bei Antares.',
    currentPasswordWrong: 'Das aktuelle Passwort ist nicht korrekt.',
    tooManyPasswordChecks: 'Zu viele falsche Eingaben des aktuellen Passworts.',
    lastAdministratorOf: (organisation: string) =>
      `Sie sind die letzte Administratorin bzw. der letzte Administrator von ${named(organisation)}. Bitte ernennen Sie zuerst ein anderes Mitglied zur Administratorin oder zum Administrator.`,
  },

  invitations: {
    alreadyMember: (email: string) => `${email} ist bereits Mitglied dieser Organisation.`,
    tooMany: 'Ihre Organisation hat in kurzer Zeit zu viele Einladungen verschickt.',
    mailNotSent:
      'Die Einladung konnte nicht per E-Mail verschickt werden. Bitte versuchen Sie es später erneut oder wenden Sie sich an den Betrieb des Portals.',
    invalid:
      'Diese Einladung ist ungültig, abgelaufen oder wurde zurückgezogen. Bitte lassen Sie sich erneut einladen.',
    notFound: 'Diese Einladung gibt es nicht (mehr).',
  },

  social: {
    csrfFailed: 'CSRF-Prüfung fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    unknownProvider: 'Unbekannter Anbieter.',
    callbackForeign: 'Die Rücksprungadresse muss auf diesem Portal liegen.',
  },

  content: {
    notFound: 'Dieser Inhalt wurde nicht gefunden.',
    notOwner: 'Nur die Organisation, der dieser Inhalt gehört, darf ihn ändern.',
    noOrganisation: 'Sie gehören keiner Organisation an und können daher keine Inhalte anlegen.',
    ageOrder: 'Das Höchstalter darf nicht kleiner als das Mindestalter sein.',
    packageNameRequired: 'Für Apps ist ein Paketname erforderlich.',
    urlRequired: 'Für Web-Apps ist eine URL erforderlich.',
    urlScheme: 'Bitte geben Sie eine URL mit http:// oder https:// ein.',
    unknownCategory: 'Diese Kategorie gibt es nicht.',
    unknownLanguage: (code: string) => `Die Sprache „${code}“ gibt es nicht.`,
    unknownPreview: 'Dieses Vorschaubild gibt es nicht oder es gehört nicht Ihrer Organisation.',
    unknownDocument: (id: number) =>
      `Das Dokument ${id} gibt es nicht oder es gehört nicht Ihrer Organisation.`,
    fileOfOtherContent: 'Diese Datei gehört bereits zu einem anderen Inhalt.',
    documentOfOtherContent: (id: number) => `Das Dokument ${id} gehört bereits zu einem anderen Inhalt.`,
    notMember: 'Sie gehören dieser Organisation nicht an.',
    publicOnlyAdmins: 'Nur Inhalts-Administratoren dürfen Inhalte für alle sichtbar machen.',
    unknownOrganisations: (ids: readonly number[]) => `Diese Organisationen gibt es nicht: ${listed(ids)}.`,
    shareWithOwner: 'Ein Inhalt kann nicht mit der eigenen Organisation geteilt werden.',
  },

  administration: {
    staffOnly: 'Den Adminbereich nutzt nur das Portal-Team.',
    organisationNotFound: 'Diese Organisation gibt es nicht.',
    userNotFound: 'Dieses Konto gibt es nicht.',
    schoolNumberRequired: 'Eine Schule (Typ 2) braucht ihre sechsstellige Schulnummer des MSB.',
    schoolNumberOnlySchools: 'Nur Schulen (Typ 2) haben eine Schulnummer des MSB.',
    schoolNumberTaken: (number: string) => `Die Schulnummer ${number} hat bereits eine andere Organisation.`,
    lockSelf: 'Ihr eigenes Konto können Sie nicht sperren.',
    invitationNotFound: 'Diese Einladung gibt es nicht (mehr).',
  },

  moderation: {
    moderatorsOnly: 'Anträge auf Freigabe prüfen nur Inhalts-Administratoren und das Portal-Team.',
    notOwner:
      'Die Freigabe für alle Schulen beantragen nur Mitglieder der Organisation, der dieser Inhalt gehört.',
    alreadyPublic: 'Dieser Inhalt ist bereits für alle Schulen freigegeben.',
    alreadyPending: 'Für diesen Inhalt wartet bereits ein Antrag auf Freigabe.',
    requestNotFound: 'Diesen Antrag auf Freigabe gibt es nicht.',
    alreadyDecided: 'Über diesen Antrag wurde bereits entschieden. Bitte laden Sie die Liste neu.',
    notPublic: 'Dieser Inhalt ist nicht öffentlich; es gibt keine Freigabe zurückzuziehen.',
    reasonRequired: 'Bitte geben Sie einen Grund an; die antragstellende Person liest ihn.',
    noteRequired: 'Bitte schreiben Sie kurz, warum dieser Inhalt für alle Schulen nützlich ist.',
  },

  configurations: {
    notFound: 'Diese Wiedergabeliste wurde nicht gefunden.',
    notOwner: 'Nur die Organisation, der diese Wiedergabeliste gehört, darf sie ändern.',
    noOrganisation: 'Sie gehören keiner Organisation an und können daher keine Wiedergabelisten anlegen.',
    alreadyContained: (name: string) => `Dieser Inhalt ist bereits in der Wiedergabeliste ${named(name)}.`,
    notContained: 'Dieser Inhalt ist nicht in der Wiedergabeliste.',
    msbUnavailable: 'Inhalte aus der MSB-Mediathek können in diesem Portal noch nicht verwendet werden.',
    contentIdNotInteger: 'Bitte geben Sie die Nummer eines Inhalts der Mediathek an.',
    unknownContent: (ids: readonly number[]) =>
      `Diese Inhalte gibt es nicht oder Sie dürfen sie nicht verwenden: ${listed(ids)}.`,
    duplicateContent: (ids: readonly number[]) =>
      `Jeder Inhalt darf nur einmal in einer Wiedergabeliste stehen: ${listed(ids)}.`,
    foreignDevices: (ids: readonly number[]) =>
      `Diese VR-Brillen gibt es nicht oder sie gehören nicht der Organisation der Wiedergabeliste: ${listed(ids)}.`,
    activeWithoutDevices:
      'Eine aktive Wiedergabeliste läuft auf mindestens einer VR-Brille. Bitte wählen Sie VR-Brillen aus.',
    inactiveWithDevices:
      'Eine Wiedergabeliste, die auf VR-Brillen läuft, ist aktiv. Bitte geben Sie „activeState“ true an.',
    positionBeyondEnd: (count: number) =>
      count === 1
        ? 'Die Wiedergabeliste hat nur einen Inhalt.'
        : `Die Wiedergabeliste hat nur ${count} Inhalte. Bitte wählen Sie eine Position von 1 bis ${count}.`,
    storageExceeded: (name: string, required: string, devices: readonly string[], usable: string) =>
      `Die Wiedergabeliste ${named(name)} (${required}) passt nicht auf ${listed(devices.map(isolateBidi))}: ` +
      `dort sind nur ${usable} für Inhalte frei. Bitte entfernen Sie Inhalte oder wählen Sie andere VR-Brillen.`,
    shareWithOwner: 'Eine Wiedergabeliste kann nicht mit der eigenen Organisation geteilt werden.',
  },

  files: {
    notMultipart: 'Bitte senden Sie die Datei als multipart/form-data im Feld „file“.',
    noFile: 'Bitte wählen Sie eine Datei aus.',
    malformed: 'Die hochgeladenen Daten sind unvollständig oder fehlerhaft.',
    notImage: 'Die Datei ist kein Bild. Erlaubt sind PNG, JPEG, WebP und GIF.',
    documentType:
      'Dieser Dateityp wird nicht unterstützt. Erlaubt sind PDF-, Office- und Textdateien sowie Bilder.',
    notPdf: 'Die Datei endet auf .pdf, ist aber kein PDF-Dokument.',
    notFound: 'Diese Datei wurde nicht gefunden.',
    notOwner: 'Nur die Organisation, der diese Datei gehört, darf sie löschen.',
    noOrganisation: 'Sie gehören keiner Organisation an und können daher keine Dateien hochladen.',
    tooLarge: (limit: string) => `Die Datei ist zu groß. Erlaubt sind höchstens ${limit}.`,
    quotaExceeded: (used: string, quota: string) =>
      `Der Speicherplatz Ihrer Organisation reicht für diese Datei nicht aus (belegt: ${used} von ${quota}). ` +
      'Bitte löschen Sie Inhalte, die Sie nicht mehr brauchen, oder wählen Sie eine kleinere Datei.',
    linkExpired: 'Der Link zu dieser Datei ist abgelaufen. Bitte laden Sie die Seite neu.',
    storageUnavailable:
      'Der Dateispeicher ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
  },

  uploads: {
    gone: 'Dieser Upload existiert nicht mehr. Bitte starten Sie ihn neu.',
    signatureInvalid: 'Die Upload-Adresse ist ungültig.',
    signatureExpired: 'Die Upload-Adresse ist abgelaufen. Bitte fordern Sie eine neue an.',
    partTooLarge: 'Dieser Teil ist größer als erlaubt.',
    partInterrupted: 'Die Übertragung dieses Teils wurde unterbrochen. Bitte senden Sie ihn erneut.',
    partNumberTooHigh: (max: number) => `Die Teilnummer darf höchstens ${max} sein.`,
    partBeyondEnd: 'Dieser Teil liegt hinter dem Ende der Datei.',
    partWrongSize: (expected: number) => `Dieser Teil muss genau ${expected} Bytes groß sein.`,
    fileNameMismatch: 'Der Dateiname passt nicht zu diesem Upload.',
    partsOrder: 'Die Teile müssen lückenlos und aufsteigend ab Teil 1 angegeben werden.',
    partMissing: (n: number) => `Teil ${n} wurde nicht oder mit anderem Inhalt hochgeladen.`,
    partIncomplete: (n: number) => `Teil ${n} ist unvollständig.`,
    checksumMismatch:
      'Die Prüfsumme der hochgeladenen Datei stimmt nicht. Bitte laden Sie die Datei erneut hoch.',
    digestInvalid:
      'Der Header Content-Digest ist ungültig. Erwartet wird sha-256=:…: mit 32 Bytes in Base64.',
    digestMismatch:
      'Der Inhalt dieses Teils passt nicht zu seiner Prüfsumme (Content-Digest). Bitte senden Sie ihn erneut.',
    sizeMismatch: (expected: number, actual: number) =>
      `Die hochgeladene Datei ist ${actual} Bytes groß, angekündigt waren ${expected} Bytes.`,
  },

  devices: {
    notFound: 'Diese VR-Brille wurde nicht gefunden.',
    organisationNotFound: 'Diese Organisation wurde nicht gefunden.',
    /** The German names of the commands, as the portal's buttons call them. */
    commandLabels: {
      'CMD.REBOOT': 'Neu starten',
      'CMD.SHUTDOWN': 'Ausschalten',
      'CMD.SYNC': 'Synchronisieren',
      'CMD.SYNC.SOFTWARE': 'Software synchronisieren',
      'CMD.UPDATE': 'Software aktualisieren',
      'CMD.MUTE': 'Stummschalten',
      'CMD.TOGGLE.PAUSE': 'Pausieren / Fortsetzen',
      'CMD.START.APP': 'App starten',
      'CMD.START.VIDEO': 'Video starten',
      'CMD.START.WEBAPP': 'Web-App starten',
      'CMD.STOP.RUNNING': 'Stoppen',
      'CMD.SET.GUIDED.MODE': 'Geführter Modus',
      'CMD.SET.MANUFACTURER.MODE': 'Herstellermodus',
      'CMD.ATTENTION': 'Alle Blicke nach vorn',
      'CMD.ATTENTION.END': 'Weitermachen',
    } satisfies Record<DeviceCommand, string>,
    contentTypeNames: { app: 'eine App', video: 'ein Video', webApp: 'eine Web-App' },
    contentRequired: 'Bitte wählen Sie den Inhalt, der starten soll.',
    appRequired: 'Bitte wählen Sie eine App (Inhalt oder Paketname).',
    notForCommand: (label: string) => `Der Befehl „${label}“ startet keinen Inhalt.`,
    messageOnlyForAttention: 'Eine Nachricht zeigt nur „Alle Blicke nach vorn“.',
    messageBlank: 'Bitte schreiben Sie eine Nachricht oder lassen Sie das Feld leer.',
    attentionNothingToDo: (name: string) =>
      `${named(name)} spielt nichts ab und ist schon stumm: Es gab nichts zu pausieren oder stummzuschalten.`,
    attentionNothingToUndo: (name: string) =>
      `${named(name)} wurde für „Alle Blicke nach vorn“ nicht pausiert oder stummgeschaltet: Es gibt nichts fortzusetzen.`,
    packageOnlyForApps: 'Einen Paketnamen nimmt nur „App starten“.',
    modeRequired: (label: string) => `Bitte geben Sie an, ob „${label}“ ein- oder ausgeschaltet werden soll.`,
    unknownContent: 'Diesen Inhalt gibt es nicht oder Sie dürfen ihn nicht verwenden.',
    notUsable:
      'Diesen Inhalt darf die Organisation der VR-Brille nicht verwenden. Bitte teilen Sie ihn zuerst mit ihr.',
    wrongType: (label: string, actual: string) =>
      `„${label}“ startet keinen Inhalt dieser Art: der Inhalt ist ${actual}.`,
    packageMismatch: 'Der Paketname gehört nicht zu der gewählten App.',
    noFile: 'Dieses Video hat noch keine Datei. Bitte laden Sie sie zuerst hoch.',
    softwareTooOld: (label: string, required: string, installed: string) =>
      `„${label}“ braucht auf der VR-Brille mindestens die Software-Version ${required} ` +
      `(installiert: ${installed}). Bitte aktualisieren Sie die VR-Brille zuerst.`,
    softwareTooOldMany: (label: string, required: string, names: string) =>
      `„${label}“ braucht mindestens die Software-Version ${required}. Zu alt sind: ${names}. ` +
      'Bitte aktualisieren Sie diese VR-Brillen zuerst oder wählen Sie sie ab.',
    unknownVersion: 'unbekannt',
    tooManyOpen: (limit: number) =>
      `Für diese VR-Brille warten schon ${limit} Befehle. Bitte warten Sie, bis sie sie abgeholt hat.`,
    foreignDevices: (ids: readonly number[]) =>
      `Diese VR-Brillen gibt es nicht oder sie gehören nicht zu Ihren Organisationen: ${listed(ids)}.`,
    syncQueued: (n: number) =>
      n === 1 ? '1 VR-Brille wird synchronisiert.' : `${n} VR-Brillen werden synchronisiert.`,
    softwareSyncQueued: (n: number) =>
      `Die Software von ${n} ${n === 1 ? 'VR-Brille' : 'VR-Brillen'} wird synchronisiert.`,
    deviceOffline: (name: string) =>
      `${named(name)} ist ausgeschaltet oder nicht verbunden. Bitte schalten Sie die VR-Brille ein und versuchen Sie es erneut.`,
    batteryTooLow: (name: string, level: number | null, required: number) =>
      `Der Akku von ${named(name)} ist ${level === null ? 'unbekannt' : `bei ${level} %`}; für ein Update braucht ` +
      `er mindestens ${required} %. Bitte laden Sie die VR-Brille auf und versuchen Sie es erneut.`,
    updateRunning: (name: string) =>
      `Auf ${named(name)} läuft schon ein Update. Bitte warten Sie, bis es fertig ist.`,
    notForModel: (version: string, model: string) =>
      `Das Betriebssystem ${version} ist nicht für das Modell ${model} bestimmt.`,
    upToDate: (name: string, installed: string, version: string) =>
      `${named(name)} hat bereits die Software ${installed}; das Betriebssystem ${version} ist nicht neuer.`,
    expiredQueued: 'Die VR-Brille hat den Befehl nicht abgeholt, bevor er ablief.',
    expiredDelivered: 'Die VR-Brille hat kein Ergebnis gemeldet, bevor der Befehl ablief.',
    interruptedByRestart: 'Die VR-Brille wurde neu gestartet, bevor sie ein Ergebnis gemeldet hat.',
  },

  /** Unterricht: the running lessons (services/headsets/lessons.ts). */
  lessons: {
    ended: 'Diese Wiedergabe läuft nicht mehr. Die Seite zeigt gleich, was gerade läuft.',
    otherContent:
      'Erneut versuchen startet den Inhalt der Wiedergabe. Für einen anderen Inhalt starten Sie bitte neu.',
    otherOrganisation: 'Diese VR-Brillen gehören nicht zur Organisation der Wiedergabe.',
    notForCommand: (label: string) =>
      `„${label}“ gehört zu keiner Wiedergabe. Bitte lassen Sie die Angabe weg.`,
  },

  /** Unterrichtsablauf: lesson plans and running them. */
  lessonPlans: {
    notFound: 'Dieser Unterrichtsablauf wurde nicht gefunden.',
    notOwner: 'Nur die Organisation, der dieser Unterrichtsablauf gehört, darf ihn ändern.',
    noOrganisation: 'Sie gehören keiner Organisation an und können daher keine Unterrichtsabläufe anlegen.',
    stepNotFound: 'Dieser Schritt gehört nicht zu diesem Unterrichtsablauf.',
    unknownContent:
      'Diesen Inhalt gibt es nicht oder Ihre Organisation darf ihn nicht verwenden. Bitte wählen Sie einen Inhalt der Mediathek.',
    tooManySteps: (max: number) =>
      `Ein Unterrichtsablauf hat höchstens ${max} Schritte. Bitte teilen Sie ihn in zwei Abläufe auf.`,
    positionBeyondEnd: (count: number) =>
      count === 1
        ? 'Der Unterrichtsablauf hat nur einen Schritt.'
        : `Der Unterrichtsablauf hat nur ${count} Schritte. Bitte wählen Sie eine Position von 1 bis ${count}.`,
    shareWithOwner: 'Ein Unterrichtsablauf kann nicht mit der eigenen Organisation geteilt werden.',
    notForCommand:
      'Nur ein Start gehört zu einem Schritt eines Unterrichtsablaufs. Bitte lassen Sie die Angabe weg.',
    stepBeyondEnd: (count: number) =>
      `Der Unterrichtsablauf hat ${count === 1 ? 'nur einen Schritt' : `nur ${count} Schritte`}. Bitte wählen Sie einen Schritt von 1 bis ${count}.`,
    otherContent:
      'Dieser Inhalt ist nicht der des gewählten Schritts. Bitte starten Sie den Schritt aus dem Unterrichtsablauf.',
    otherPlan:
      'Diese Wiedergabe gehört zu einem anderen Unterrichtsablauf. Bitte beginnen Sie den Ablauf neu.',
  },

  /** Gruppierungen: named sets of headsets. */
  groups: {
    notFound: 'Diese Gruppierung wurde nicht gefunden.',
    noOrganisation: 'Sie gehören keiner Organisation an und können daher keine Gruppierungen anlegen.',
    nameTaken: (name: string) =>
      `Eine Gruppierung ${named(name)} gibt es in dieser Organisation schon. Bitte wählen Sie einen anderen Namen.`,
    foreignDevices: (ids: readonly number[]) =>
      `Diese VR-Brillen gibt es nicht oder sie gehören nicht zur Organisation der Gruppierung: ${listed(ids)}.`,
    organisationFixed: 'Eine Gruppierung bleibt in der Organisation, in der sie angelegt wurde.',
  },

  /** Adding, pairing and removing headsets. */
  enrolment: {
    notAdministrator: 'Nur Administratoren können VR-Brillen hinzufügen, koppeln oder entfernen.',
    notAdministratorOf: 'Sie können VR-Brillen nur in Organisationen hinzufügen, die Sie verwalten.',
    serialTaken: 'Eine VR-Brille mit dieser Seriennummer ist bereits registriert.',
    unknownDeviceType: 'Dieses Modell gibt es nicht.',
    invalidCode:
      'Der Kopplungscode ist ungültig, abgelaufen oder gehört zu einer anderen VR-Brille. Bitte lassen Sie sich im Portal einen neuen Code geben.',
    enrolThrottled: 'Zu viele ungültige Kopplungscodes von dieser Adresse.',
    codeThrottled:
      'Für diese VR-Brille gab es zu viele ungültige Kopplungscodes. Ein neuer Code aus dem Portal gilt sofort.',
  },

  /** The headset side: what a headset is told. */
  headsets: {
    tokenMissing: 'Diese VR-Brille ist nicht angemeldet: der Header X-Device-Token fehlt.',
    tokenInvalid:
      'Der Geräteschlüssel dieser VR-Brille ist ungültig oder wurde widerrufen. Bitte koppeln Sie sie im Portal neu.',
    commandNotFound: 'Diesen Befehl gibt es für diese VR-Brille nicht.',
    commandFinished: 'Dieser Befehl ist bereits abgeschlossen.',
  },

  /** The Protokoll (audit log): its refusals and, for the CSV export, how an entry reads. */
  audit: {
    administratorsOnly:
      'Das Protokoll können nur die Administratoren einer Organisation und das Portal-Team einsehen.',
    organisationNotFound: 'Diese Organisation wurde nicht gefunden.',
    invalidCursor:
      'Diese Seite des Protokolls lässt sich nicht lesen. Bitte beginnen Sie wieder auf der ersten Seite.',
    rangeOrder: 'Das Ende des Zeitraums muss nach seinem Anfang liegen.',
    csvHeads: ['Zeit', 'Person', 'E-Mail', 'Organisation', 'Art', 'Was', 'VR-Brillen', 'Ergebnis'],
    csvFileName: (day: string) => `protokoll-${day}.csv`,
    /** The actor of what the server did on its own. */
    server: 'Server (Kommandozeile)',
    portalWide: 'Portal',
    kinds: {
      command: 'Befehl',
      headsetEnrolled: 'VR-Brille hinzugefügt',
      enrolmentCodeRenewed: 'Neuer Kopplungscode',
      headsetUnpaired: 'VR-Brille entkoppelt',
      headsetRemoved: 'VR-Brille entfernt',
      contentShared: 'Inhalt geteilt',
      contentUnshared: 'Freigabe eines Inhalts zurückgenommen',
      playlistShared: 'Wiedergabeliste geteilt',
      playlistUnshared: 'Freigabe einer Wiedergabeliste zurückgenommen',
      lessonPlanShared: 'Unterrichtsablauf geteilt',
      lessonPlanUnshared: 'Freigabe eines Unterrichtsablaufs zurückgenommen',
      roleChanged: 'Rolle geändert',
      memberAdded: 'Mitglied hinzugefügt',
      memberRemoved: 'Mitglied entfernt',
      memberInvited: 'Person eingeladen',
      invitationWithdrawn: 'Einladung zurückgezogen',
      invitationAccepted: 'Einladung angenommen',
      contentPublished: 'Inhalt veröffentlicht',
      contentUnpublished: 'Veröffentlichung zurückgenommen',
      publicationRequested: 'Freigabe für alle Schulen beantragt',
      publicationRejected: 'Antrag auf Freigabe abgelehnt',
      termsPublished: 'Nutzungsbedingungen veröffentlicht',
    } satisfies Record<AuditKind, string>,
    what: {
      command: (command: string, about: string | null) => (about === null ? command : `${command}: ${about}`),
      content: (title: string) => named(title),
      playlist: (name: string) => `Wiedergabeliste ${named(name)}`,
      lessonPlan: (name: string) => `Unterrichtsablauf ${named(name)}`,
      packageName: (packageName: string) => `App ${packageName}`,
      mode: (on: boolean) => (on ? 'ein' : 'aus'),
      headsetEnrolled: (serialNumber: string) => `Seriennummer ${serialNumber}`,
      enrolmentCodeRenewed: 'Die alte Kopplung endet.',
      headsetUnpaired: 'Die VR-Brille bleibt mit ihrem Verlauf in der Liste.',
      headsetRemoved: 'Die VR-Brille wurde mit ihrem Verlauf entfernt.',
      shared: (item: string, organisations: string) => `${item} geteilt mit ${organisations}`,
      unshared: (item: string, organisations: string) => `${item} nicht mehr geteilt mit ${organisations}`,
      contentItem: (title: string) => `Inhalt ${named(title)}`,
      role: (person: string, isAdministrator: boolean) =>
        `${person} ist jetzt ${isAdministrator ? 'Administrator' : 'Mitglied ohne Administratorrechte'}`,
      memberAdded: (person: string) => `${person} hatte schon ein Konto und wurde hinzugefügt`,
      memberRemoved: (person: string, accountDeleted: boolean) =>
        `${person} wurde entfernt${accountDeleted ? '; das Konto wurde mit der letzten Organisation gelöscht' : ''}`,
      memberInvited: (email: string) => `Einladung an ${email}`,
      invitationWithdrawn: (email: string, mailNotSent: boolean) =>
        `Einladung an ${email}${mailNotSent ? ' (die E-Mail konnte nicht gesendet werden)' : ''}`,
      invitationAccepted: (person: string) => `${person} ist der Organisation beigetreten`,
      published: (title: string) => `Inhalt ${named(title)} ist für alle Organisationen sichtbar`,
      unpublished: (title: string) => `Inhalt ${named(title)} ist nicht mehr öffentlich`,
      publicationRequested: (title: string) => `Inhalt ${named(title)} für alle Schulen vorgeschlagen`,
      publicationRejected: (title: string) => `Inhalt ${named(title)} bleibt privat`,
      termsPublished: (version: number) => `Version ${version}; alle müssen sie erneut akzeptieren`,
    },
    /** One headset's part of a command, for the VR-Brillen column. */
    headsetStates: {
      done: 'ausgeführt',
      failed: 'fehlgeschlagen',
      pending: 'ausstehend',
      refused: 'nicht gesendet',
      unknown: 'unbekannt',
    } satisfies Record<AuditHeadsetState, string>,
    headsetPart: (name: string, state: string, reason: string | null) =>
      reason === null ? `${name} (${state})` : `${name} (${state}: ${reason})`,
    outcome: {
      done: 'Erledigt',
      /** A command: how many of its headsets carried it out, and what became of the others. */
      command: (counts: Record<AuditHeadsetState, number>, total: number) =>
        [
          `${counts.done} von ${total} ausgeführt`,
          counts.failed > 0 ? `${counts.failed} fehlgeschlagen` : null,
          counts.refused > 0 ? `${counts.refused} nicht gesendet` : null,
          counts.pending > 0 ? `${counts.pending} ausstehend` : null,
          counts.unknown > 0 ? `${counts.unknown} unbekannt (VR-Brille entfernt)` : null,
        ]
          .filter((part) => part !== null)
          .join(', '),
    },
  },

  operatingSystems: {
    notFound: 'Dieses Betriebssystem wurde nicht gefunden.',
    staffOnly: 'Nur Mitarbeitende des Portals dürfen Betriebssysteme verwalten.',
    readersOnly:
      'Betriebssysteme sehen nur Administratoren einer Organisation und Mitarbeitende des Portals. Bitte wenden Sie sich an Ihren Administrator.',
    unknownDeviceTypes: (ids: readonly number[]) => `Diese Modelle gibt es nicht: ${listed(ids)}.`,
    publishNeedsFile:
      'Ein Betriebssystem ohne Datei kann nicht veröffentlicht werden. Bitte laden Sie zuerst die Datei hoch.',
    unknownForCommand:
      'Dieses Betriebssystem gibt es nicht, es ist nicht veröffentlicht, oder Sie dürfen es nicht verteilen.',
    notForUpdate: 'Ein Betriebssystem nimmt nur „Software aktualisieren“.',
  },

  /** The built-in development provider 'Antares (Demo)': the pages it shows in place of an external provider. */
  devProvider: {
    signInTitle: 'Antares (Demo) – Anmeldung',
    signInIntro:
      'Dies ist der eingebaute Entwicklungs-Anbieter für die Anmeldung über Antares. Er kennt ein Demo-Konto:',
    signInAs: (name: string) => `Als ${name} anmelden`,
    cancel: 'Abbrechen',
    cancelled: 'Die Anmeldung wurde abgebrochen.',
    errorTitle: 'Antares (Demo) – Fehler',
    failed: (reason: string) => `Die Anmeldung ist fehlgeschlagen: ${reason}`,
    expired: 'Diese Anmeldung ist abgelaufen. Bitte beginnen Sie erneut.',
  },

  /** What main.ts prints for operators. */
  console: {
    listening: (url: string, engine: string, seeded: boolean) =>
      `VR-Portal läuft auf ${url} · Datenbank: ${engine}${seeded ? ' · Demo-Daten geladen' : ''}`,
    noPortalBuild: (portalDist: string) =>
      `Hinweis: kein gebautes Portal in ${portalDist} gefunden; nur die API läuft. ` +
      'Bauen Sie es mit `pnpm run build` (oder starten Sie mit `npm start`).',
    stopping: (signal: string) => `${signal} empfangen, Server wird beendet …`,
    demoFleet: (headsets: number, controlPort: number | null) =>
      `Demo-VR-Brillen: ${headsets} simuliert (DEMO_FLEET=off schaltet sie ab)` +
      (controlPort === null ? '' : ` · Steuerung auf http://127.0.0.1:${controlPort}`),
    demoFleetFailed: 'Die Demo-VR-Brillen konnten nicht starten; das Portal läuft ohne sie.',
  },
} as const;

export interface Mail {
  subject: string;
  text: string;
}

/** How long a mailed link stays valid, in words of the mail's language: 'eine Stunde', '7 Tage', '30 minutes'. */
function validity(ttlSeconds: number, language: 'de' | 'en'): string {
  const units = [
    { seconds: 86_400, de: ['einen Tag', 'Tage'], en: ['one day', 'days'] },
    { seconds: 3_600, de: ['eine Stunde', 'Stunden'], en: ['one hour', 'hours'] },
  ] as const;
  for (const unit of units) {
    const count = ttlSeconds / unit.seconds;
    if (count >= 1 && Number.isInteger(count))
      return count === 1 ? unit[language][0] : `${count} ${unit[language][1]}`;
  }
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return language === 'en' ? `${minutes} minutes` : `${minutes} Minuten`;
}

/** Mails are English for users who chose English, German for 'de' and for no choice. */
const mailLanguage = (language: string | null): 'de' | 'en' => (language === 'en' ? 'en' : 'de');

/** The password-reset mail in the user's portal language (users.language). */
export function resetPasswordMail(link: string, ttlSeconds: number, language: string | null): Mail {
  if (mailLanguage(language) === 'en') {
    return {
      subject: 'VR-Portal: Reset your password',
      text: [
        'Hello,',
        '',
        'a password reset was requested for your VR-Portal account.',
        `You can set a new password with this link (valid for ${validity(ttlSeconds, 'en')}, usable only once):`,
        '',
        link,
        '',
        'If you did not request this, you can ignore this email; your password stays unchanged.',
      ].join('\n'),
    };
  }
  return {
    subject: 'VR-Portal: Passwort zurücksetzen',
    text: [
      'Guten Tag,',
      '',
      'für Ihr Konto im VR-Portal wurde das Zurücksetzen des Passworts angefordert.',
      `Über diesen Link können Sie ein neues Passwort festlegen (gültig für ${validity(ttlSeconds, 'de')}, nur einmal verwendbar):`,
      '',
      link,
      '',
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    ].join('\n'),
  };
}

/** Who sent an invitation, as mails name them: 'Anna Admin (admin@kmz.example)', or the address alone. */
export function inviterName(inviter: { firstName: string; lastName: string; email: string }): string {
  const name = `${inviter.firstName} ${inviter.lastName}`.trim();
  return name === '' ? inviter.email : `${name} (${inviter.email})`;
}

/**
 * The invitation of a person without an account, in the inviter's portal language (we know nothing of the invitee's):
 * the link sets the password of the new account.
 */
export function invitationMail(invitation: {
  link: string;
  email: string;
  organisation: string;
  inviter: string;
  ttlSeconds: number;
  language: string | null;
}): Mail {
  const { link, email, organisation, inviter, ttlSeconds } = invitation;
  if (mailLanguage(invitation.language) === 'en') {
    return {
      subject: `VR-Portal: Invitation to “${organisation}”`,
      text: [
        'Hello,',
        '',
        `${inviter} invites you to join the organisation “${organisation}” in the VR-Portal.`,
        `With this link you set your password and your name (valid for ${validity(ttlSeconds, 'en')}, usable only once):`,
        '',
        link,
        '',
        `Then sign in with your email address ${email} and the new password.`,
        '',
        'If you did not expect this invitation, you can ignore this email.',
      ].join('\n'),
    };
  }
  return {
    subject: `VR-Portal: Einladung in „${organisation}“`,
    text: [
      'Guten Tag,',
      '',
      `${inviter} lädt Sie ein, im VR-Portal Mitglied der Organisation „${organisation}“ zu werden.`,
      `Über diesen Link legen Sie Ihr Passwort und Ihren Namen fest (gültig für ${validity(ttlSeconds, 'de')}, nur einmal verwendbar):`,
      '',
      link,
      '',
      `Danach melden Sie sich mit Ihrer E-Mail-Adresse ${email} und dem neuen Passwort an.`,
      '',
      'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    ].join('\n'),
  };
}

/**
 * The notice to a person who has an account and was added to an organisation, in their portal language. `loginUrl`
 * is null when the portal's address is not known (no PUBLIC_URL): the mail then names no link.
 */
export function addedToOrganisationMail(notice: {
  organisation: string;
  inviter: string;
  loginUrl: string | null;
  language: string | null;
}): Mail {
  const { organisation, inviter, loginUrl } = notice;
  if (mailLanguage(notice.language) === 'en') {
    return {
      subject: `VR-Portal: You are now a member of “${organisation}”`,
      text: [
        'Hello,',
        '',
        `${inviter} has added your VR-Portal account to the organisation “${organisation}”.`,
        'You will see its content, playlists and headsets the next time you sign in, as usual with your account.',
        ...(loginUrl ? ['', loginUrl] : []),
        '',
        `If you did not expect this, please contact ${inviter}.`,
      ].join('\n'),
    };
  }
  return {
    subject: `VR-Portal: Sie sind jetzt Mitglied von „${organisation}“`,
    text: [
      'Guten Tag,',
      '',
      `${inviter} hat Ihr Konto im VR-Portal der Organisation „${organisation}“ hinzugefügt.`,
      'Deren Inhalte, Wiedergabelisten und VR-Brillen sehen Sie, sobald Sie sich das nächste Mal wie gewohnt anmelden.',
      ...(loginUrl ? ['', loginUrl] : []),
      '',
      `Wenn Sie das nicht erwartet haben, wenden Sie sich bitte an ${inviter}.`,
    ].join('\n'),
  };
}

/** What a moderator decided about a request, as the proposer's mail tells it. */
export type PublicationOutcome = 'approved' | 'rejected' | 'withdrawn';

/**
 * The proposer's notice of a decision on their request ('Für alle Schulen freigeben beantragen'), in their portal
 * language, with the moderator's reason and the item's page when the portal's address is known.
 */
export function publicationDecisionMail(notice: {
  outcome: PublicationOutcome;
  title: string;
  reason: string | null;
  itemUrl: string | null;
  language: string | null;
}): Mail {
  const { outcome, title, reason, itemUrl } = notice;
  if (mailLanguage(notice.language) === 'en') {
    const subjects = {
      approved: `VR-Portal: “${title}” is now available to every school`,
      rejected: `VR-Portal: “${title}” was not released for every school`,
      withdrawn: `VR-Portal: “${title}” is no longer available to every school`,
    } as const;
    const lines = {
      approved: `Your request was approved: every school now sees “${title}” in the media library.`,
      rejected: `Your request to release “${title}” for every school was rejected. The item stays with your organisation.`,
      withdrawn: `“${title}” was withdrawn from every school. It stays with your organisation.`,
    } as const;
    return {
      subject: subjects[outcome],
      text: [
        'Hello,',
        '',
        lines[outcome],
        ...(reason ? ['', `Reason: ${reason}`] : []),
        ...(itemUrl ? ['', itemUrl] : []),
      ].join('\n'),
    };
  }
  const subjects = {
    approved: `VR-Portal: „${title}“ ist für alle Schulen freigegeben`,
    rejected: `VR-Portal: „${title}“ wurde nicht für alle Schulen freigegeben`,
    withdrawn: `VR-Portal: Die Freigabe von „${title}“ wurde zurückgezogen`,
  } as const;
  const lines = {
    approved: `Ihr Antrag wurde angenommen: Alle Schulen sehen „${title}“ jetzt in der Mediathek.`,
    rejected: `Ihr Antrag, „${title}“ für alle Schulen freizugeben, wurde abgelehnt. Der Inhalt bleibt in Ihrer Organisation.`,
    withdrawn: `Die Freigabe von „${title}“ für alle Schulen wurde zurückgezogen. Der Inhalt bleibt in Ihrer Organisation.`,
  } as const;
  return {
    subject: subjects[outcome],
    text: [
      'Guten Tag,',
      '',
      lines[outcome],
      ...(reason ? ['', `Begründung: ${reason}`] : []),
      ...(itemUrl ? ['', itemUrl] : []),
    ].join('\n'),
  };
}
