"""O catálogo de infrações para a API e a página Legislação: cada infração com a penalidade e
os autores materiais admitidos (RLESTA art. 7º § 3º; NORMAM 2023 item 3.3.1), lidos de
normas/dados/infracoes.yaml, e a busca por palavras do dia a dia e por artigo.

A busca ignora acentos e maiúsculas (farol/domain/texto.py) e entende:

- artigo e inciso: "art. 15", "artigo 15", "15", "art. 15, II", "15 inciso II", "RLESTA.15.I",
  "art. 4º-A da LESTA": as infrações daquele dispositivo, pelo `artigo` e pelo `inciso` do
  catálogo;
- grupo de multa: "grupo E", "multa do grupo E";
- palavras: cada uma (fora as de `palavras_vazias`) tem de aparecer no código, na rubrica, no
  texto da infração ou nas palavras que `normas/dados/termos_de_busca.yaml` liga a ela
  ("colete", "extintor"); só quando nenhuma infração tem todas, procura-se também no texto da
  penalidade e no texto legal citado ("grupo E").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from farol.domain.texto import normalizar_busca
from farol.normas.infracoes import Infracao, catalogo
from farol.normas.termos_de_busca import termos_de_busca
from farol.services.resultados.catalogo import AutorAdmitido, InfracaoDoCatalogo

# Pontuação de um dispositivo digitado ("art. 15, II", "4º-A"): vira espaço antes de ler.
_PONTUACAO = re.compile(r"[.,;:§°ª()]")
# "[rlesta|lesta] [art|arts|artigo] 15[o][-a] [inciso] [ii] [do|da] [rlesta|lesta]", já
# normalizado (sem acentos, minúsculo; o "º" vira "o").
_DISPOSITIVO = re.compile(
    r"^(?:(?P<norma>r?lesta)\s*)?(?:(?:arts?|artigo)\s*)?(?P<numero>\d+)o?(?:-?(?P<letra>[a-z]))?"
    r"(?:\s*(?:inciso|inc)?\s*(?P<inciso>[ivxl]+))?(?:\s*(?:d[oa]\s*)?(?P<norma_fim>r?lesta))?$"
)
# "grupo e", "multa do grupo e": as infrações cuja multa é do grupo (as letras de
# grupos_multa.yaml)
_GRUPO = re.compile(r"^(?:multa\s+)?(?:d[oa]\s+)?grupo\s+(?P<grupo>[a-z])$")
_PALAVRA = re.compile(r"[\w-]+")
# Palavras até este tamanho ("mais", "tais") não perdem o "s" final na busca pelo singular.
_CURTA = len("mais")


@dataclass(frozen=True)
class Dispositivo:
    """O artigo (com a letra: "4-a"), o inciso e a norma que a busca pediu."""

    artigo: str
    inciso: str | None
    norma: str | None

    def abrange(self, i: Infracao) -> bool:
        return (
            str(i.artigo).lower() == self.artigo
            and (self.inciso is None or (i.inciso or "").lower() == self.inciso)
            and (self.norma is None or i.codigo.split(".")[0].lower() == self.norma)
        )


def dispositivo_do_termo(texto: str) -> Dispositivo | None:
    """O artigo (e inciso) pedido, se o termo é um dispositivo; senão None."""
    limpo = " ".join(_PONTUACAO.sub(" ", normalizar_busca(texto)).split())
    m = _DISPOSITIVO.match(limpo)
    if m is None:
        return None
    artigo = m["numero"] + (f"-{m['letra']}" if m["letra"] else "")
    return Dispositivo(artigo, m["inciso"], m["norma"] or m["norma_fim"])


def _texto(*partes: str | None) -> str:
    return normalizar_busca(" ".join(p for p in partes if p))


def _singulares(palavra: str) -> set[str]:
    """A palavra e o seu singular provável ("coletes", "extintores", "habilitacoes"), para que
    o plural digitado ache o texto no singular."""
    formas = {palavra}
    if len(palavra) > _CURTA and palavra.endswith("s"):
        formas |= {palavra[:-1], palavra.removesuffix("es")}
        if palavra.endswith("oes"):
            formas.add(palavra.removesuffix("oes") + "ao")
    return formas


def _contem(texto: str, palavra: str) -> bool:
    """A palavra (ou o seu singular) dentro do texto ("colete" em "coletes"); uma letra só,
    como palavra inteira (o "e" de "grupo e" não casa com toda palavra que tem "e")."""
    if len(palavra) > 1:
        return any(forma in texto for forma in _singulares(palavra))
    return palavra in _PALAVRA.findall(texto)


def buscar_infracoes(texto: str | None = None) -> list[Infracao]:
    """As infrações do catálogo, na ordem dele, que casam com `texto` (todas, sem texto)."""
    infracoes = list(catalogo().infracoes.values())
    if not texto or not texto.strip():
        return infracoes
    dispositivo = dispositivo_do_termo(texto)
    if dispositivo is not None:  # um artigo fora do catálogo não tem infração: lista vazia
        return [i for i in infracoes if dispositivo.abrange(i)]
    grupo = _GRUPO.match(normalizar_busca(texto))
    if grupo is not None:
        return [i for i in infracoes if (i.penalidade.multa or "").lower() == grupo["grupo"]]
    termos = termos_de_busca()
    palavras = [
        p for p in _PALAVRA.findall(normalizar_busca(texto)) if p not in termos.palavras_vazias
    ]
    if not palavras:
        return infracoes
    principal = {
        i.codigo: _texto(i.codigo, i.rubrica, i.descricao, *termos.palavras_da_infracao(i.codigo))
        for i in infracoes
    }
    achadas = [i for i in infracoes if all(_contem(principal[i.codigo], p) for p in palavras)]
    if achadas:
        return achadas
    completo = {
        i.codigo: f"{principal[i.codigo]} {_texto(i.penalidade_texto, i.fonte.texto)}"
        for i in infracoes
    }
    return [i for i in infracoes if all(_contem(completo[i.codigo], p) for p in palavras)]


def listar_infracoes(busca: str | None = None) -> list[InfracaoDoCatalogo]:
    """As infrações (todas, ou as que casam com `busca`: palavras ou artigo, sem acento nem
    caixa)."""
    cat = catalogo()
    return [
        InfracaoDoCatalogo(
            codigo=i.codigo,
            descricao=i.descricao,
            penalidade=i.penalidade_texto,
            grupo=i.penalidade.multa,
            suspensao_max=i.penalidade.suspensao_max,
            autores=[AutorAdmitido(tipo=a, nome=cat.autores[a].nome) for a in i.autores],
            fundamentos_autoria=[c.referencia() for c in i.autoria.fontes],
            nota_autoria=i.autoria.nota,
            fundamento=i.fonte.referencia(),
        )
        for i in buscar_infracoes(busca)
    ]
