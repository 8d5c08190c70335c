// Module Federation's bootstrap pattern: the async boundary lets shared singletons resolve before any import.
import('./bootstrap');
