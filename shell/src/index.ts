// Module Federation's bootstrap pattern: an async boundary so shared singletons are negotiated before any import.
import('./bootstrap');
