// The shell provides its shared singletons eagerly (federation.config.cjs), so no async boundary is needed: the
// bootstrap and its CSS ship in main.js/main.css, which the HTML names, saving a round trip on the first load.
import './bootstrap';
