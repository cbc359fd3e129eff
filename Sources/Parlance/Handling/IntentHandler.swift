import ParlanceGrammar

/// SiriKit's response codes: the common ones, and an intent's own by name
/// (``IntentDefinition/responseCodes``: `failureNoMatchingWorkout`, `failureInsufficientFunds`…).
public enum ResponseCode: Sendable, Hashable, CustomStringConvertible {
    case unspecified
    case ready
    case inProgress
    case success
    case failure
    case failureRequiringAppLaunch
    case failureCredentialsUnverified
    /// Older intents (workouts, photos, calls): the app opens to finish.
    case continueInApp
    /// The app is launched in the background to handle it.
    case handleInApp
    case userConfirmationRequired
    /// An intent-specific code, by SiriKit's case name.
    case specific(String)

    /// The code named `name` (SiriKit's case name).
    public init(name: String) {
        switch name {
        case "unspecified": self = .unspecified
        case "ready": self = .ready
        case "inProgress": self = .inProgress
        case "success": self = .success
        case "failure": self = .failure
        case "failureRequiringAppLaunch": self = .failureRequiringAppLaunch
        case "failureCredentialsUnverified": self = .failureCredentialsUnverified
        case "continueInApp": self = .continueInApp
        case "handleInApp": self = .handleInApp
        case "userConfirmationRequired": self = .userConfirmationRequired
        default: self = .specific(name)
        }
    }

    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .ready: "ready"
        case .inProgress: "inProgress"
        case .success: "success"
        case .failure: "failure"
        case .failureRequiringAppLaunch: "failureRequiringAppLaunch"
        case .failureCredentialsUnverified: "failureCredentialsUnverified"
        case .continueInApp: "continueInApp"
        case .handleInApp: "handleInApp"
        case .userConfirmationRequired: "userConfirmationRequired"
        case .specific(let name): name
        }
    }

    /// Whether the code reports a failure.
    public var isFailure: Bool { description.hasPrefix("failure") }
}

/// Data handed to the app when it must open (SiriKit's `NSUserActivity`).
public struct UserActivity: Sendable, Hashable {
    /// The activity type, e.g. `com.example.tempo.play`.
    public var activityType: String
    /// The payload.
    public var userInfo: [String: String]

    public init(activityType: String, userInfo: [String: String] = [:]) {
        self.activityType = activityType
        self.userInfo = userInfo
    }
}

/// What a handler answers to confirm or handle.
public struct IntentResponse: Sendable, Hashable {
    /// The code.
    public var code: ResponseCode
    /// Data for the app, when it opens.
    public var userActivity: UserActivity?
    /// What to tell the user.
    public var message: String?

    public init(_ code: ResponseCode, userActivity: UserActivity? = nil, message: String? = nil) {
        self.code = code
        self.userActivity = userActivity
        self.message = message
    }
}

/// An intent with its parameters as they stand in the dialogue.
public struct ResolvedIntent: Sendable {
    /// The app receiving it.
    public let app: App
    /// The intent.
    public let intent: IntentDefinition
    /// The parameters and their resolutions.
    public internal(set) var parameters: [ParameterResult]
    /// The language of the dialogue.
    public let language: String

    /// The values of parameter `name` (empty when not said).
    public func values(_ name: String) -> [DataValue] {
        parameters.first { $0.name == name }?.values.compactMap(\.value) ?? []
    }
}

/// What an app implements to take part in the dialogue: SiriKit's resolve, confirm and
/// handle. Only `handle` is required; the others default to the engine's resolutions and
/// to `.ready`.
///
/// ```swift
/// struct Messages: IntentHandler {
///     func handle(_ intent: ResolvedIntent) async -> IntentResponse {
///         send(intent.values("content"), to: intent.values("recipients"))
///         return IntentResponse(.success)
///     }
/// }
/// ```
public protocol IntentHandler: Sendable {
    /// Resolves one value of a parameter: return the engine's `proposed` resolution or your
    /// own (an account that cannot pay → unsupported).
    func resolve(_ value: ParameterValue, of parameter: String, in intent: ResolvedIntent) async -> Resolution
    /// The last check before handling: `.ready`, or a failure code.
    func confirm(_ intent: ResolvedIntent) async -> IntentResponse
    /// Does the work.
    func handle(_ intent: ResolvedIntent) async -> IntentResponse
}

extension IntentHandler {
    public func resolve(_ value: ParameterValue, of parameter: String, in intent: ResolvedIntent) async -> Resolution { value.resolution }
    public func confirm(_ intent: ResolvedIntent) async -> IntentResponse { IntentResponse(.ready) }
}
