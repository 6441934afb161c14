/* Farol — aplica a escolha de contraste gravada neste aparelho antes de pintar a página
 * (carregado sem `defer`, logo depois da folha contraste.css). Sem JS vale a preferência do
 * sistema (prefers-contrast: more); o botão do topo (farol.js) liga, desliga e grava. Fora da
 * página, num arquivo, para que a política de conteúdo (CSP) não precise admitir script em
 * linha. */
try {
  var contraste = localStorage.getItem("farol-contraste");
  if (contraste === "alto") {
    document.documentElement.classList.add("alto-contraste");
    document.getElementById("css-contraste").media = "all";
  } else if (contraste === "normal") {
    document.documentElement.classList.add("contraste-normal");
  }
} catch (e) { /* sem armazenamento: vale a preferência do sistema */ }
