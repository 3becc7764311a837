/** jpeg-js's decoder module on its own (its index also loads the encoder): the package's own `decode` type. */
declare module 'jpeg-js/lib/decoder.js' {
  import { decode } from 'jpeg-js';

  export default decode;
}
