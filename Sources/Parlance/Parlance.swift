// The Parlance umbrella: one import for the whole pipeline.
// text → tokens (ParlanceText) → vocabulary (ParlanceVocabulary) → grammar (ParlanceGrammar) → hypotheses → resolution.
@_exported import ParlanceText
@_exported import ParlanceVocabulary
@_exported import ParlanceGrammar
@_exported import ParlanceDateTime
