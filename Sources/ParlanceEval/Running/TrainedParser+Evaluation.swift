import ParlanceTraining

/// A trained parser evaluated like any other subject: its best parse as a prediction, each
/// slot's value the text it spans (what the corpora annotate).
extension TrainedParser: EvaluationSubject {
    public func parse(_ utterance: String, language: String, context: [String: String]) throws -> Prediction {
        guard let parse = parse(utterance) else { return .none }
        return Prediction(intent: parse.intent, slots: parse.slots.map { LabeledSlot(name: $0.name, value: $0.text) }, confidence: parse.confidence)
    }
}
