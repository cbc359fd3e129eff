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
        func texts(_ name: String) -> [String] { TestFixtures.texts(of: name, parser: parser) }
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

    /// What each value of ``slotLists(language:)`` names: per list, per value, the
    /// entities, areas or floors (by id, or by name where there is none) that can say it.
    /// A templated name gives one thing several values (`Kuchy(ň|ni|ně)` is one kitchen
    /// said three ways).
    public func referents(language: Language) -> [String: [String: Set<String>]] {
        let parser = TemplateParser(language: language)
        var referents: [String: [String: Set<String>]] = [:]
        func add(_ list: String, _ name: String, _ id: String?) {
            for text in TestFixtures.texts(of: name, parser: parser) { referents[list, default: [:]][text, default: []].insert(id ?? name) }
        }
        for entity in entities { add("name", entity.name, entity.id) }
        for area in areas { add("area", area.name, area.id) }
        for floor in floors { add("floor", floor.name, floor.id) }
        return referents
    }

    /// The texts a fixture name says: each text of a templated name, or the name itself.
    static func texts(of name: String, parser: TemplateParser) -> [String] {
        guard TemplateParser.isTemplate(name), let expression = try? parser.parse(name) else {
            return [Literal.hassilText(name).trimmedSpaces]
        }
        return expression.sampledTexts()
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
