// The tables' way to make a sound: kit.sound("your-turn" | "call" | "caught"); silent while sound is off.
export { sound } from "../sound.js";
