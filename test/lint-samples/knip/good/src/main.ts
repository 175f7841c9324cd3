import { ping } from './ping';
import { used } from './helpers';

console.log(ping(3), used);
