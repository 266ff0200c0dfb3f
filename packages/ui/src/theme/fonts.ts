// Self-hosted Assistant. The per-weight files carry unicode-range, so browsers fetch only the subsets
// a page needs (Latin for German and English); the per-subset files lack it and would shadow each other.
import '@fontsource/assistant/400.css';
import '@fontsource/assistant/600.css';
import '@fontsource/assistant/700.css';
