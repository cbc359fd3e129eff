import Parlance

/// An app's handler for dialogue tests: handles every intent, answering with each
/// parameter's identifiers (or values), `name=id,id`, sorted, so a test reads what was resolved.
struct RecordingHandler: IntentHandler {
    func handle(_ intent: ResolvedIntent) async -> IntentResponse {
        IntentResponse(.success, message: intent.parameters.map { "\($0.name)=\($0.values.compactMap { $0.identifier ?? $0.value?.string }.joined(separator: ","))" }
            .sorted().joined(separator: " "))
    }
}
