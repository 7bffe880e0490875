/**
 * Mantine's stylesheets for the pages a guest sees (login, register, forgot and reset password, verify
 * email, invite links, not found), imported by main.tsx so that they come with the first page. Only
 * these components' styles instead of `@mantine/core/styles.css` (all components): the first visit on a
 * slow phone carries what it shows. Signed-in pages add theirs
 * (signed-in.ts). Mantine's order: the global styles first, then the components that others build
 * on, then the rest; a component's styles need those of the components it is made of (Button:
 * UnstyledButton and Loader), see https://mantine.dev/styles/css-files-list.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
