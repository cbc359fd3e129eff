/// A language's test corpus: `tests/<language>/*.yaml` (sentences with the intent and slots
/// they must give), `_fixtures.yaml` (the home the tests assume) and `_test_failures.yaml`
/// (sentences known to fail upstream).
public struct LanguageTests: Sendable, Hashable {
    /// The language code of the folder.
    public let language: String
    /// The test files, sorted by path: `tests/<language>/*.yaml`, then the slot-combination
    /// files `tests/<language>/<Intent>/<combination>.yaml`.
    public let files: [IntentTestFile]
    /// The entities, areas and floors the tests assume.
    public let fixtures: TestFixtures
    /// Sentences upstream lists as known failures.
    public let knownFailures: [String]
    /// What was odd but readable, and the test files left out because they were not.
    public let warnings: [GrammarWarning]

    public init(language: String, files: [IntentTestFile], fixtures: TestFixtures, knownFailures: [String],
                warnings: [GrammarWarning] = []) {
        self.language = language
        self.files = files
        self.fixtures = fixtures
        self.knownFailures = knownFailures
        self.warnings = warnings
    }

    /// Every test case of every file.
    public var cases: [IntentTestCase] { files.flatMap(\.cases) }

    /// The number of test sentences.
    public var sentenceCount: Int { cases.reduce(0) { $0 + $1.sentences.count } }
}

/// One test file: `tests/<language>/<domain>_<Intent>.yaml`, or a slot-combination file
/// `tests/<language>/<Intent>/<combination>.yaml`, which names its intent by its folder and
/// brings its own entities, areas and floors.
public struct IntentTestFile: Sendable, Hashable {
    /// The path, relative to the corpus root.
    public let path: String
    /// The `language:` key.
    public let language: String
    /// The test cases in file order.
    public let cases: [IntentTestCase]
    /// For a slot-combination file, its intent and combination.
    public let slotCombination: SlotCombination?
    /// For a slot-combination file, the home its sentences assume (empty otherwise).
    public let fixtures: TestFixtures
    /// What was odd but readable: tests without sentences, keys nothing reads.
    public let warnings: [GrammarWarning]

    public init(path: String, language: String, cases: [IntentTestCase], slotCombination: SlotCombination? = nil,
                fixtures: TestFixtures = TestFixtures(), warnings: [GrammarWarning] = []) {
        self.path = path
        self.language = language
        self.cases = cases
        self.slotCombination = slotCombination
        self.fixtures = fixtures
        self.warnings = warnings
    }
}

/// Sentences that must all be recognized as one intent with the same slots.
///
/// ```yaml
/// - sentences:
///     - "turn on the kitchen light"
///   intent:
///     name: HassTurnOn
///     slots: {name: Kitchen Light}
///     context: {area: Kitchen}   # the satellite's area, when the sentence relies on it
///   response: "Turned on the light"
/// ```
public struct IntentTestCase: Sendable, Hashable {
    /// The sentences, as a user would say them.
    public let sentences: [String]
    /// The intent they must give.
    public let intent: String
    /// The slots they must give; a list value accepts any of its elements (upstream's rule).
    public let slots: [String: DataValue]
    /// The context the test runs in (`intent.context`), e.g. the satellite's area.
    public let context: [String: DataValue]
    /// The expected responses; several when the case accepts any of them.
    public let responses: [String]
    /// Where the case starts.
    public let location: SourceLocation

    public init(sentences: [String], intent: String, slots: [String: DataValue] = [:], context: [String: DataValue] = [:],
                responses: [String] = [], location: SourceLocation) {
        self.sentences = sentences
        self.intent = intent
        self.slots = slots
        self.context = context
        self.responses = responses
        self.location = location
    }
}

/// The home the tests assume: `_fixtures.yaml`.
public struct TestFixtures: Sendable, Hashable {
    /// Devices and other entities.
    public let entities: [FixtureEntity]
    /// Areas (rooms).
    public let areas: [FixtureArea]
    /// Floors.
    public let floors: [FixtureFloor]
    /// Running timers, as plain values (name, area, seconds left, …).
    public let timers: [[String: DataValue]]
    /// Media items, as plain values (title, …).
    public let media: [[String: DataValue]]

    public init(entities: [FixtureEntity] = [], areas: [FixtureArea] = [], floors: [FixtureFloor] = [],
                timers: [[String: DataValue]] = [], media: [[String: DataValue]] = []) {
        self.entities = entities
        self.areas = areas
        self.floors = floors
        self.timers = timers
        self.media = media
    }
}

/// An entity of the test home.
public struct FixtureEntity: Sendable, Hashable {
    /// The name users say; may be a template (`Trader Joe[']s`), as upstream allows.
    public let name: String
    /// The entity id, e.g. "light.kitchen"; nil in slot-combination files.
    public let id: String?
    /// The domain: the part of the id before the dot, or the `domain:` key.
    public let domain: String
    /// The area id the entity is in.
    public let area: String?
    /// The state, if given.
    public let state: FixtureState?
    /// The state with its unit, e.g. "21 °C", if given.
    public let stateWithUnit: String?
    /// Attributes (device_class, unit_of_measurement, …).
    public let attributes: [String: DataValue]

    public init(name: String, id: String?, domain: String, area: String? = nil, state: FixtureState? = nil,
                stateWithUnit: String? = nil, attributes: [String: DataValue] = [:]) {
        self.name = name
        self.id = id
        self.domain = domain
        self.area = area
        self.state = state
        self.stateWithUnit = stateWithUnit
        self.attributes = attributes
    }
}

/// An entity's state: what users say (`in`) and the state value (`out`).
///
/// `state: "on"` is both; `state: {in: "normal", out: "off"}` is said "normal" and is "off".
public struct FixtureState: Sendable, Hashable {
    /// The state as users say it.
    public let spoken: String
    /// The state value.
    public let value: String

    public init(spoken: String, value: String) {
        self.spoken = spoken
        self.value = value
    }
}

/// An area of the test home.
public struct FixtureArea: Sendable, Hashable {
    /// The area id; nil in slot-combination files.
    public let id: String?
    /// The name users say.
    public let name: String
    /// The floor id, if given.
    public let floor: String?

    public init(id: String?, name: String, floor: String? = nil) {
        self.id = id
        self.name = name
        self.floor = floor
    }
}

/// A floor of the test home.
public struct FixtureFloor: Sendable, Hashable {
    /// The floor id; nil in slot-combination files.
    public let id: String?
    /// The name users say.
    public let name: String

    public init(id: String?, name: String) {
        self.id = id
        self.name = name
    }
}
