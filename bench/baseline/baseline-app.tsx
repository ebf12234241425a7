import { memo, useEffect, useState } from 'react';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { seedTurns } from '../lib/seed-turns';
import { NaiveTree } from './naive-tree';
import { loadTree, streamAnswer, type TreeNode } from './platform-calls';

interface Message {
  id: number;
  question: string;
  answer: string;
}

const plugins = [remarkGfm];

// Finished messages are memoized (they keep their object); the streaming one gets a new object per update and
// is parsed and rendered whole by react-markdown each time: the approach this bench compares against.
const MessageView = memo(function MessageView({ message }: { message: Message }) {
  return (
    <article>
      <p>
        <strong>You:</strong> {message.question}
      </p>
      <Markdown remarkPlugins={plugins}>{message.answer}</Markdown>
    </article>
  );
});

const params = new URLSearchParams(location.search);
const seeded = (): Message[] => seedTurns(Number(params.get('turns') ?? 0)).map((turn, id) => ({ id, ...turn }));

export function BaselineApp() {
  const [messages, setMessages] = useState<Message[]>(seeded);
  const [input, setInput] = useState('');
  const [tree, setTree] = useState<TreeNode[] | null>(null);

  useEffect(() => {
    const nodes = params.get('tree');
    if (nodes) void loadTree(`bench tree nodes=${nodes}`).then(setTree);
  }, []);

  const send = () => {
    const question = input.trim();
    if (!question) return;
    setInput('');
    const id = messages.length;
    setMessages((current) => [...current, { id, question, answer: '' }]);
    void streamAnswer(question, (answer) =>
      setMessages((current) => current.map((message) => (message.id === id ? { ...message, answer } : message))),
    );
  };

  return (
    <div className="page">
      <main className="messages">
        {tree ? <NaiveTree roots={tree} /> : null}
        {messages.map((message) => (
          <MessageView key={message.id} message={message} />
        ))}
      </main>
      <div className="composer">
        <textarea
          aria-label="Message"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
        />
        <button type="button" onClick={send}>
          Send
        </button>
      </div>
    </div>
  );
}
