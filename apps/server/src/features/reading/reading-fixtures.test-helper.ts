// An article for the reading tests: a short narrative paragraph and an expository one (written for the tests).
export const ARTICLE = [
  '<p>Last summer, my grandfather decided to plant a vegetable garden behind his small house.',
  'He had never grown anything before, but he was determined to learn.',
  'Every morning he watered the tomatoes and carefully removed the weeds.',
  'The neighbours laughed at first, because the soil was dry and full of stones.',
  'However, by August the garden was producing more vegetables than the family could eat.',
  'My grandfather gave the extra tomatoes and beans to the people who had laughed at him.',
  'He said that patience and persistence matter more than talent.</p>',
  '<p>Scientists have found that gardening can reduce stress and improve mental health.',
  'People who spend time outdoors often sleep better and feel more optimistic.',
  'Moreover, growing food encourages a healthier diet and a deeper appreciation of nature.</p>',
].join(' ');
