import ParlanceText

extension TestFixtures {
    /// The lists `{name}`, `{area}` and `{floor}` of the test home, built as upstream's test
    /// suite builds them (`get_slot_lists` in home-assistant/intents `shared/__init__.py`):
    ///
    /// - a templated name (`Trader Joe[']s`) becomes one value per text it can say, each its
    ///   own output ("Trader Joe's", "Trader Joes");
    /// - floors and areas are their names, output as written, without context;
    /// - an entity brings the context `domain` (from its id) and its attributes
    ///   (`device_class`, …), which `requires_context` and `excludes_context` check.
    ///
    /// ```swift
    /// let lists = tests.fixtures.slotLists(language: try Language("en"))
    /// lists["name"]?.first  // "Bedroom Lamp" → "Bedroom Lamp", context domain: light
    /// ```
    public func slotLists(language: Language) -> [String: [ExternalValue]] {
        let parser = TemplateParser(language: language)
        func texts(_ name: String) -> [String] {
            guard TemplateParser.isTemplate(name), let expression = try? parser.parse(name) else {
                return [Literal.hassilText(name).trimmedSpaces]
            }
            return expression.sampledTexts()
        }
        var entityValues: [ExternalValue] = []
        for entity in entities {
            var context: [String: DataValue] = ["domain": .string(entity.domain)]
            for (key, value) in entity.attributes { context[key] = value }
            for text in texts(entity.name) { entityValues.append(ExternalValue(text: text, context: context)) }
        }
        return [
            "name": entityValues,
            "area": areas.flatMap { texts($0.name) }.map { ExternalValue(text: $0) },
            "floor": floors.flatMap { texts($0.name) }.map { ExternalValue(text: $0) },
        ]
    }
}

extension String {
    var trimmedSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
