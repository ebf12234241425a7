// The Slow Storyteller: a long deterministic story about the subject of the request, streamed slowly.
import { keywords, type ScriptedAnswer, type ScriptInput } from './script';

export function storyAnswer(input: ScriptInput): ScriptedAnswer {
  const storyWords = new Set(['story', 'stories', 'tell', 'long', 'about', 'short', 'once']);
  const found = keywords(input.question, 8).filter((word) => !storyWords.has(word.toLowerCase()));
  const subject = found.slice(0, 2).join(' ').toLowerCase() || 'lighthouse';
  const paragraphs = [
    `# The Keeper of the ${subject}`,
    `Once upon a time, at the edge of a grey and restless sea, there stood an old ${subject} that nobody in the village remembered being built. Its keeper was a patient woman named Maren, who wrote every evening in a thick leather notebook, one careful line for each ship that passed in the night.`,
    `Every winter the storms came early. The wind pulled at the shutters, the rain ran sideways across the windows, and the fishermen stayed in the tavern telling stories that grew a little longer each time they were told. Maren listened to them all, and she wrote the best ones down beside the names of the ships.`,
    `One night a small boat appeared without a light. It drifted close to the rocks, turning slowly in the current as if nobody was steering. Maren climbed the narrow stairs, counted the steps out loud as she always did, and swung the great lamp toward the water until its beam found the little hull.`,
    `On the deck sat a boy with a map he could not read and a compass that pointed everywhere at once. Maren rowed out through the waves, brought him to shore, dried his coat by the fire, and showed him how the stars and the ${subject} agree with each other when a compass does not.`,
    `Years later the boy became a captain. Whenever his ship passed the old ${subject}, he flashed his lantern three times, slowly, and Maren answered with three long sweeps of the lamp. The villagers said it was the quietest conversation on the whole coast, and also the longest.`,
    `When Maren finally retired, the captain came back to keep the light himself. On the first page of a new notebook he wrote a single line: every ship deserves someone who is watching. Then he climbed the stairs, counting them out loud, and the lamp turned on, as it always had, and always would.`,
    '*The end.*',
  ];
  return { text: paragraphs.join('\n\n'), delayFactor: 5 };
}
