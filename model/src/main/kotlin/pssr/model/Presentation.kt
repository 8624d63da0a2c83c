package pssr.model

/** A conference talk. [summary] is trusted rich text (may hold inline markup); every other field is plain text. */
data class Presentation(val id: Long, val title: String, val speakerName: String, val summary: String)
